import { useId, useState } from 'react';
import { REACHOUT_FAILED, REACHOUT_SENT, reachoutSchema } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useReachout } from '../api/queries-api';

/** A note to the creator of a post; the server passes it on to the creator's contact. */
export function ReachoutForm({ influencerId, creatorName }: { influencerId: string; creatorName: string }) {
  const [note, setNote] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ note?: string; email?: string }>({});
  const reachout = useReachout();
  const titleId = useId();

  const send = () => {
    const parsed = reachoutSchema.safeParse({ note, email, influencerId });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'note' || field === 'email') next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    reachout.mutate(parsed.data);
  };

  return (
    <form
      className="reachout stack"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <h4 id={titleId}>{`Reachout to ${creatorName}`}</h4>
      <TextAreaField
        label="Note"
        rows={2}
        value={note}
        error={errors.note}
        onChange={(e) => setNote(e.target.value)}
      />
      <TextField
        label="Your e-mail"
        type="email"
        autoComplete="email"
        value={email}
        error={errors.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <div>
        <Button type="submit" variant="secondary" loading={reachout.isPending}>
          Reachout
        </Button>
      </div>
      {reachout.isSuccess ? <p role="status">{REACHOUT_SENT}</p> : null}
      {reachout.isError ? (
        <p className="queries__error" role="alert">
          {REACHOUT_FAILED}
        </p>
      ) : null}
    </form>
  );
}
