import { useEffect, useId, useRef, useState } from 'react';
import { REPORT_REASONS, reportPostSchema, type ReportReason } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/translate';
import { useReportPost } from '../api/post-reports';
import '../../../components/ui/alert-dialog.css';
import './report-post.css';

/**
 * "Report this post", for everyone (visitors too): a reason from a short list, a few words for
 * "Something else", sent to the moderators' queue. A native modal dialog keeps focus inside it,
 * closes on Escape and gives focus back to the button.
 */
export function ReportPost({ postId, title }: { postId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const { t } = useT('ui');
  return (
    <>
      <Button
        variant="ghost"
        className="report-post__open"
        aria-haspopup="dialog"
        aria-label={t('reportPostTitle', { title })}
        onClick={() => setOpen(true)}
      >
        {t('reportPost')}
      </Button>
      {open ? <ReportDialog postId={postId} title={title} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ReportDialog({ postId, title, onClose }: { postId: string; title: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const toast = useToast();
  const { t } = useT('ui');
  const report = useReportPost();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const dialog = ref.current;
    const returnTo = document.activeElement;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      if (returnTo instanceof HTMLElement && returnTo.isConnected) returnTo.focus();
    };
  }, []);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = reportPostSchema.safeParse({ postId, reason, details });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'reason');
        found[field] ??= field === 'reason' ? t('chooseReason') : issue.message;
      }
      setErrors(found);
      return;
    }
    try {
      const answer = await report.mutateAsync(parsed.data);
      toast.showSuccess(answer.message);
      onClose();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length > 0) setErrors(error.errors);
      else toast.showError(isApiError(error) ? error.message : undefined);
    }
  };

  return (
    <dialog
      ref={ref}
      className="alert-dialog report-post"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form className="stack" onSubmit={(event) => void onSubmit(event)} noValidate>
        <h2 id={titleId} className="alert-dialog__title">
          {t('reportPost')}
        </h2>
        <p className="report-post__about">{title}</p>
        <fieldset
          className="report-post__reasons"
          aria-describedby={errors.reason ? `${titleId}-reason` : undefined}
        >
          <legend>{t('whyModerators')}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="report-post__reason">
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setErrors({});
                }}
              />
              {t(`reportReason_${value}`)}
            </label>
          ))}
          {errors.reason ? (
            <p id={`${titleId}-reason`} className="field__error" role="alert">
              {errors.reason}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField
          label={reason === 'other' ? t('whatIsWrong') : t('anythingToAdd')}
          name="details"
          rows={3}
          maxLength={500}
          value={details}
          error={errors.details}
          onChange={(event) => setDetails(event.target.value)}
        />
        <div className="alert-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={report.isPending}>
            {t('sendReport')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
