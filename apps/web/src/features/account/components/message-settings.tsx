import { useState } from 'react';
import { notificationTopics, type NotificationPreferences, type NotificationTopic } from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/account-api';

const TOPIC_KEY: Record<NotificationTopic, string> = {
  answers: 'topicAnswers',
  tags: 'topicTags',
  responses: 'topicResponses',
};

/**
 * Which messages the person receives. Each box saves at once; codes, passwords and order
 * messages are not listed because they are always sent.
 */
export function MessageSettings() {
  const { t } = useT('account');
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [status, setStatus] = useState('');
  // The box follows the click at once; the saved answer (or a failure) settles it.
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);

  if (preferences.isPending) return <LoadingState label={t('loadingMessageChoices')} />;
  if (preferences.isError) {
    return (
      <ErrorState
        title={t('couldNotLoadMessageChoices')}
        message={preferences.error.message}
        onRetry={() => void preferences.refetch()}
      />
    );
  }
  const current = draft ?? preferences.data.data;
  const onChange = async (topic: NotificationTopic, on: boolean) => {
    const next = { ...current, [topic]: on };
    setDraft(next);
    setStatus(t('saving'));
    try {
      await save.mutateAsync(next);
      setStatus(t('choicesSaved'));
    } catch (failure) {
      setDraft(null);
      setStatus(isApiError(failure) ? failure.message : t('couldNotSave'));
    }
  };

  return (
    <section className="card stack" aria-labelledby="messages-heading">
      <h2 id="messages-heading">{t('messagesWeSend')}</h2>
      <fieldset className="account__messages">
        <legend>{t('sendMeEmailOrSms')}</legend>
        {notificationTopics.map((topic) => (
          <label key={topic} className="account__message-choice">
            <input
              type="checkbox"
              checked={current[topic]}
              onChange={(event) => void onChange(topic, event.target.checked)}
            />
            {t(TOPIC_KEY[topic])}
          </label>
        ))}
      </fieldset>
      <p className="account__hint">{t('alwaysSent')}</p>
      <p role="status">{status}</p>
    </section>
  );
}
