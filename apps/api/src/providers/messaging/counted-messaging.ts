import { countMessage } from '../../lib/metrics.js';
import type { MessagingProvider } from './messaging.js';

/** The same provider, each send counted in `revuhub_messages_sent_total` as sent or failed. */
export function countedMessaging(provider: MessagingProvider): MessagingProvider {
  return {
    kind: provider.kind,
    channels: provider.channels,
    async send(message) {
      try {
        await provider.send(message);
      } catch (error) {
        countMessage(message.channel, provider.kind, 'failed');
        throw error;
      }
      countMessage(message.channel, provider.kind, 'sent');
    },
  };
}
