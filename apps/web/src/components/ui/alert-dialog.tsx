import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import './alert-dialog.css';
import { useT } from '../../lib/i18n/translate';

interface Pending {
  message: ReactNode;
  title: string;
  confirmLabel: string;
  /** Absent for a plain alert (one OK button). */
  cancelLabel?: string;
  resolve: (confirmed: boolean) => void;
}

/**
 * The spec's alert() texts as an accessible modal: a native <dialog> opened with showModal() traps
 * focus, names itself by its title, puts focus on its first button and returns focus to where it was
 * when closed, and Escape closes it. Unlike window.alert it can be styled and tested like any page.
 */
export function useAlertDialog() {
  const [pending, setPending] = useState<Pending | null>(null);
  const { t } = useT('ui');
  const notice = t('notice');
  const ok = t('ok');
  const pleaseConfirm = t('pleaseConfirm');
  const confirmText = t('confirm');
  const cancelText = t('cancel');

  const alert = useCallback(
    (message: ReactNode, title = notice) =>
      new Promise<void>((resolve) => {
        setPending({ message, title, confirmLabel: ok, resolve: () => resolve() });
      }),
    [notice, ok],
  );

  const confirm = useCallback(
    (
      message: ReactNode,
      { title = pleaseConfirm, confirmLabel = confirmText, cancelLabel = cancelText } = {},
    ) =>
      new Promise<boolean>((resolve) => {
        setPending({ message, title, confirmLabel, cancelLabel, resolve });
      }),
    [pleaseConfirm, confirmText, cancelText],
  );

  const close = (confirmed: boolean) => {
    pending?.resolve(confirmed);
    setPending(null);
  };

  const dialog = pending ? <AlertDialogView pending={pending} onClose={close} /> : null;
  return { alert, confirm, dialog };
}

function AlertDialogView({ pending, onClose }: { pending: Pending; onClose: (confirmed: boolean) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();
  const returnTo = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    returnTo.current = document.activeElement;
    // jsdom lacks showModal; an open non-modal dialog is the closest stand-in there.
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      // Focus goes back where the user was, unless the page moved it on purpose meanwhile.
      const previous = returnTo.current;
      if (
        previous instanceof HTMLElement &&
        previous.isConnected &&
        document.activeElement === document.body
      ) {
        previous.focus();
      }
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="alert-dialog"
      role={pending.cancelLabel ? 'dialog' : 'alertdialog'}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        onClose(false);
      }}
    >
      <h2 id={titleId} className="alert-dialog__title">
        {pending.title}
      </h2>
      <div id={messageId} className="alert-dialog__message">
        {pending.message}
      </div>
      <div className="alert-dialog__actions">
        {pending.cancelLabel ? (
          <Button variant="secondary" onClick={() => onClose(false)}>
            {pending.cancelLabel}
          </Button>
        ) : null}
        <Button autoFocus={!pending.cancelLabel} onClick={() => onClose(true)}>
          {pending.confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
