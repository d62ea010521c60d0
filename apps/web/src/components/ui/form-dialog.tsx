import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';
import { Button } from './button';
import './alert-dialog.css';
import { useT } from '../../lib/i18n/translate';

/**
 * A small form in a modal: a native <dialog> opened with showModal() traps focus, is named by its
 * title, closes with Escape or its Close button and gives focus back to where it was. The fields
 * are the caller's; `onSubmit` runs on the submit button or Enter.
 */
export function FormDialog({
  title,
  description,
  submitLabel,
  busy,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description?: ReactNode;
  submitLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useT('ui');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useModalDialog(ref);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <dialog
      ref={ref}
      className="alert-dialog"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form className="stack" noValidate onSubmit={submit}>
        <h2 id={titleId} className="alert-dialog__title">
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="alert-dialog__message">
            {description}
          </div>
        ) : null}
        {children}
        <div className="alert-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('closeDialog')}
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
