import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { richText } from '../../../components/ui/rich-text';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useFormat, useT } from '../../../lib/i18n';
import { useOutbox } from '../api/outbox-api';
import './outbox-page.css';

/**
 * What the embedded messaging provider would have sent by e-mail or SMS. Admin only (the route
 * guard and the API both check): the messages hold live codes and one-time passwords.
 */
export default function OutboxPage() {
  const { t } = useT('account');
  const format = useFormat();
  const [draft, setDraft] = useState('');
  const [to, setTo] = useState('');
  const outbox = useOutbox(to);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim().toLowerCase();
    // The same recipient again means "show what arrived since".
    if (next === to) void outbox.refetch();
    else setTo(next);
  };

  return (
    <section className="page stack">
      <title>{t('outboxTitle')}</title>
      <h1>{t('outbox')}</h1>
      <p>{t('outboxIntro')}</p>
      <form className="outbox__filter" onSubmit={onSubmit} role="search">
        <TextField
          label={t('recipient')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          autoComplete="off"
        />
        <Button type="submit">{t('show')}</Button>
      </form>

      {outbox.isPending ? (
        <LoadingState label={t('loadingMessages')} />
      ) : outbox.isError ? (
        <ErrorState
          title={t('couldNotLoadOutbox')}
          message={outbox.error.message}
          onRetry={() => void outbox.refetch()}
        />
      ) : outbox.data.data.length === 0 ? (
        <EmptyState title={to ? t('noMessagesFor', { to }) : t('noMessagesYet')} />
      ) : (
        <ol className="outbox__list" aria-live="polite">
          {outbox.data.data.map((m) => (
            <li key={m._id} className="card outbox__message">
              <p className="outbox__meta">
                {richText((values) => t('messageTo', values), {
                  channel: <span>{m.channel === 'sms' ? t('sms') : t('email')}</span>,
                  to: <strong>{m.to}</strong>,
                })}{' '}
                <time dateTime={m.createdAt}>{format.dateTime(m.createdAt)}</time>
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
