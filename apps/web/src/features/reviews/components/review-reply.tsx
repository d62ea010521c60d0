import { useId, useRef, useState } from 'react';
import type { ReviewReply as Reply } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/form-message';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useFormat, useT } from '../../../lib/i18n';
import { useReplyToReview } from '../api/feedback-api';

/** The reviewed business's public reply under a review (issue 41), marked edited when it was. */
export function ReviewReply({ reply }: { reply: Reply }) {
  const { t } = useT('reviews');
  const format = useFormat();
  return (
    <blockquote className="review-reply">
      <p className="review-reply__by">
        {t('replyFrom', { name: reply.repliedAs, date: format.date(reply.createdAt) })}
        {reply.editedAt ? ` · ${t('replyEdited', { date: format.date(reply.editedAt) })}` : ''}
      </p>
      <p className="review-reply__text">{reply.text}</p>
    </blockquote>
  );
}

/** The business's form: its one reply, or an edit of it (the earlier texts are kept). */
export function ReplyForm({ postId, reply }: { postId: string; reply: Reply | undefined }) {
  const { t } = useT('reviews');
  const save = useReplyToReview(postId);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(reply?.text ?? '');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const headingId = useId();
  const messageRef = useRef<HTMLElement>(null);
  if (!open) {
    return (
      <p>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {reply ? t('editReply') : t('replyAsBusiness')}
        </Button>
        {message ? <span role="status"> {message.text}</span> : null}
      </p>
    );
  }
  return (
    <form
      className="card stack review-reply-form"
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        save
          .mutateAsync(text)
          .then(() => {
            setOpen(false);
            setMessage({ tone: 'success', text: t('replyPosted') });
          })
          .catch((error: unknown) =>
            setMessage({ tone: 'error', text: error instanceof Error ? error.message : t('error') }),
          );
      }}
    >
      <h2 id={headingId}>{reply ? t('editReply') : t('replyAsBusiness')}</h2>
      <TextAreaField
        label={t('yourReply')}
        hint={t('replyHint')}
        rows={4}
        autoComplete="off"
        inputMode="text"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <FormMessage messageRef={messageRef} tone={message?.tone ?? 'error'}>
        {message?.text ?? null}
      </FormMessage>
      <p>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('processing') : t('postReply')}
        </Button>{' '}
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t('cancel')}
        </Button>
      </p>
    </form>
  );
}
