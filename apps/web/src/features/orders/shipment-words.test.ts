import { describe, expect, it } from 'vitest';
import { shipmentText } from '@app/domain';
import hi from '../../lib/i18n/catalogues/hi/ui';
import { englishTranslator } from '../../lib/i18n/translate';
import { shipmentWords } from './shipment-words';

const english = (key: string, values?: Record<string, string | number>) =>
  englishTranslator.t('ui', key, values);
const fill = (text: string, values: Record<string, string | number> = {}) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
const hindi = (key: string, values?: Record<string, string | number>) =>
  fill((hi as Record<string, string>)[key] ?? key, values);

const orders = [
  { courier: 'India Post', trackingNumber: 'EE123456789IN' },
  { courier: 'Our own delivery', trackingNumber: '' },
  { courier: '', trackingNumber: 'DL-42' },
  { courier: '', trackingNumber: '' },
];

describe('shipmentWords', () => {
  it('reads in English exactly as the domain’s shipmentText', () => {
    for (const order of orders) expect(shipmentWords(order, english)).toBe(shipmentText(order));
  });

  it('reads in Hindi, with the courier and the number as given', () => {
    expect(shipmentWords(orders[0]!, hindi)).toBe('India Post से भेजा गया, ट्रैकिंग नंबर EE123456789IN');
    expect(shipmentWords(orders[2]!, hindi)).toBe('ट्रैकिंग नंबर DL-42');
    expect(shipmentWords(orders[3]!, hindi)).toBe('');
  });
});
