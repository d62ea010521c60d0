import type { TFunction } from '../../lib/i18n/translate';

/**
 * `shipmentText` of `@app/domain` in the reader's language, from the `ui` catalogue ("Shipped with
 * Delhivery, tracking number DL123"; its English equals the domain's, which the API's messages use).
 * '' when the seller named neither a courier nor a tracking number. Pass `useT('ui').t`.
 */
export function shipmentWords(order: { courier: string; trackingNumber: string }, t: TFunction): string {
  const { courier, trackingNumber } = order;
  if (courier && trackingNumber) return t('shippedWithTracking', { courier, trackingNumber });
  if (courier) return t('shippedWith', { courier });
  return trackingNumber ? t('trackingNumber', { trackingNumber }) : '';
}
