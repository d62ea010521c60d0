import { useState } from 'react';
import {
  notificationTopics,
  orderMessageChannels,
  type NotificationPreferences,
  type NotificationTopic,
  type OrderMessageChannels,
} from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/account-api';

const TOPIC_KEY: Record<NotificationTopic, string> = {
  answers: 'topicAnswers',
  tags: 'topicTags',
  responses: 'topicResponses',
  questions: 'topicQuestions',
};

const CHANNELS_KEY: Record<OrderMessageChannels, string> = {
  all: 'orderChannelsAll',
  email: 'orderChannelsEmail',
  sms: 'orderChannelsSms',
};

/**
 * Which messages the person receives. Each box saves at once; codes, passwords and order
 * messages are not listed because they are always sent. A seller also chooses the channels their
 * order messages go on (they cannot switch those off).
 */
export function MessageSettings({ seller = false }: { seller?: boolean }) {
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
  const saveChoice = async (next: NotificationPreferences) => {
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
              checked={current[topic] ?? true}
              onChange={(event) => void saveChoice({ ...current, [topic]: event.target.checked })}
            />
            {t(TOPIC_KEY[topic])}
          </label>
        ))}
      </fieldset>
      {seller ? (
        <fieldset className="account__messages" aria-describedby="order-channels-hint">
          <legend>{t('orderChannelsLegend')}</legend>
          {orderMessageChannels.map((choice) => (
            <label key={choice} className="account__message-choice">
              <input
                type="radio"
                name="order-channels"
                value={choice}
                checked={(current.orderChannels ?? 'all') === choice}
                onChange={() => void saveChoice({ ...current, orderChannels: choice })}
              />
              {t(CHANNELS_KEY[choice])}
            </label>
          ))}
          <p id="order-channels-hint" className="account__hint">
            {t('orderChannelsHint')}
          </p>
        </fieldset>
      ) : null}
      <p className="account__hint">{t('alwaysSent')}</p>
      <p role="status">{status}</p>
    </section>
  );
}
