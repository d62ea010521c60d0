import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useOutbox } from '../api/outbox-api';
import './outbox-page.css';

/**
 * What the embedded messaging provider would have sent by e-mail or SMS. Admin only (the route
 * guard and the API both check): the messages hold live codes and one-time passwords.
 */
export default function OutboxPage() {
  const [draft, setDraft] = useState('');
  const [to, setTo] = useState('');
  const outbox = useOutbox(to);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTo(draft.trim().toLowerCase());
  };

  return (
    <section className="page stack">
      <title>Outbox | Revuhub</title>
      <h1>Outbox</h1>
      <p>E-mails and text messages kept here while no mail server or SMS gateway is configured.</p>
      <form className="outbox__filter" onSubmit={onSubmit} role="search">
        <TextField
          label="Recipient e-mail or mobile"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          autoComplete="off"
        />
        <Button type="submit">Show</Button>
      </form>

      {outbox.isPending ? (
        <LoadingState label="Loading messages…" />
      ) : outbox.isError ? (
        <ErrorState
          title="Could not load the outbox"
          message={outbox.error.message}
          onRetry={() => void outbox.refetch()}
        />
      ) : outbox.data.data.length === 0 ? (
        <EmptyState title={to ? `No messages for ${to}` : 'No messages yet'} />
      ) : (
        <ol className="outbox__list" aria-live="polite">
          {outbox.data.data.map((m) => (
            <li key={m._id} className="card outbox__message">
              <p className="outbox__meta">
                <span>{m.channel === 'sms' ? 'SMS' : 'E-mail'}</span> to <strong>{m.to}</strong>{' '}
                <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleString()}</time>
              </p>
              <h2 className="outbox__subject">{m.subject}</h2>
              <pre className="outbox__text">{m.text}</pre>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
