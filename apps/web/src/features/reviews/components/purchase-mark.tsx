import { purchaseMarkOf, type PurchaseFacts, type ReviewLabel } from '@app/domain';
import { useFormat, useT } from '../../../lib/i18n';
import './ratings.css';

/**
 * How a tagged product's purchase is known (issue 41), in words: bought here on a day, shown by an
 * invoice a moderator checked, or not verified. Never a colour or an icon alone.
 */
export function PurchaseMark({ product }: { product: PurchaseFacts }) {
  const { t } = useT('reviews');
  const format = useFormat();
  const mark = purchaseMarkOf(product);
  const text =
    mark === 'order'
      ? // An anonymised author's mark keeps only the month (decision 076).
        product.orderedOn!.length === 7
        ? t('verifiedOrderedIn', { month: format.month(product.orderedOn!) })
        : t('verifiedOrderedOn', { date: format.day(product.orderedOn!) })
      : mark === 'invoice'
        ? t('verifiedByInvoice')
        : t('notVerified');
  return <span className={`purchase-mark purchase-mark--${mark}`}>{text}</span>;
}

/** Stars given, as text for everyone and five drawn stars beside it for the eye. */
export function StarsGiven({ stars }: { stars: number }) {
  const { t } = useT('reviews');
  return (
    <span className="stars-given">
      <span aria-hidden="true" className="stars-given__drawn">
        {'★'.repeat(stars)}
        <span className="stars-given__empty">{'★'.repeat(5 - stars)}</span>
      </span>{' '}
      <span className="stars-given__text">{t('starsOutOfFive', { stars })}</span>
    </span>
  );
}

/**
 * What the review's author got from it or for it, from orders and the ledger (issue 41), as
 * visible text beside it: schema.org has no property for it.
 */
export function HonestLabels({ labels }: { labels: readonly ReviewLabel[] | undefined }) {
  const { t } = useT('reviews');
  if (!labels || labels.length === 0) return null;
  return (
    <ul className="honest-labels" aria-label={t('disclosures')}>
      {labels.map((label) => (
        <li key={label} className="honest-labels__label">
          {label === 'earns-from-sales' ? t('earnsFromSales') : t('receivedFree')}
        </li>
      ))}
    </ul>
  );
}
