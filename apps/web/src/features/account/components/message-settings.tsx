import { useState } from 'react';
import {
  notificationTopicLabels,
  notificationTopics,
  type NotificationPreferences,
  type NotificationTopic,
} from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/account-api';

/**
 * Which messages the person receives. Each box saves at once; codes, passwords and order
 * messages are not listed because they are always sent.
 */
export function MessageSettings() {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [status, setStatus] = useState('');
  // The box follows the click at once; the saved answer (or a failure) settles it.
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);

  if (preferences.isPending) return <LoadingState label="Loading your message choices…" />;
  if (preferences.isError) {
    return (
      <ErrorState
        title="Could not load your message choices"
        message={preferences.error.message}
        onRetry={() => void preferences.refetch()}
      />
    );
  }
  const current = draft ?? preferences.data.data;
  const onChange = async (topic: NotificationTopic, on: boolean) => {
    const next = { ...current, [topic]: on };
    setDraft(next);
    setStatus('Saving…');
    try {
      await save.mutateAsync(next);
      setStatus('Your choices are saved');
    } catch (failure) {
      setDraft(null);
      setStatus(isApiError(failure) ? failure.message : 'Could not save; try again');
    }
  };

  return (
    <section className="card stack" aria-labelledby="messages-heading">
      <h2 id="messages-heading">Messages we send you</h2>
      <fieldset className="account__messages">
        <legend>Send me an e-mail or SMS</legend>
        {notificationTopics.map((topic) => (
          <label key={topic} className="account__message-choice">
            <input
              type="checkbox"
              checked={current[topic]}
              onChange={(event) => void onChange(topic, event.target.checked)}
            />
            {notificationTopicLabels[topic]}
          </label>
        ))}
      </fieldset>
      <p className="account__hint">Codes, passwords and messages about your orders are always sent.</p>
      <p role="status">{status}</p>
    </section>
  );
}
