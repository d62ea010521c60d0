import type { MessageTemplate } from '@app/domain';
import type { OutgoingMessage } from './messaging.js';

export interface HttpSmsOptions {
  /** The gateway's send endpoint, e.g. an MSG91-style https://…/api/v5/flow or a Twilio-like proxy. */
  url: string;
  key: string;
  senderId: string;
  /** DLT template id per message template; operators in India drop an SMS sent without one. */
  dltTemplateIds: Partial<Record<MessageTemplate, string>>;
  fetch?: typeof fetch;
}

/**
 * SMS through an HTTP gateway in the MSG91 shape: JSON body with the sender id, the number with the
 * country code, the text and its DLT template id (`DLT_TE_ID`); the key in an `authkey` header. A non-2xx answer is a failed send.
 */
export function createHttpSmsSender({
  url,
  key,
  senderId,
  dltTemplateIds,
  fetch: doFetch = fetch,
}: HttpSmsOptions) {
  return async (message: OutgoingMessage) => {
    const templateId = dltTemplateIds[message.purpose];
    const response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authkey: key },
      body: JSON.stringify({
        sender: senderId,
        mobiles: `91${message.to}`,
        message: message.text,
        ...(templateId ? { DLT_TE_ID: templateId } : {}),
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  };
}
