import type { RatingSummary as Summary } from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useFormat, useT } from '../../../lib/i18n';
import { useProductRatings, useStoreRatings } from '../api/ratings-api';
import './ratings.css';

/**
 * A product's or store's ratings (issue 41): the average, how many are verified purchases and their
 * own average, the histogram as a table (bars for the eye, numbers for everyone), and a plain-words
 * note when the ratings take the J shape of a few loud extremes.
 */
export function RatingSummary({ summary, headingId }: { summary: Summary; headingId: string }) {
  const { t } = useT('reviews');
  const format = useFormat();
  const widest = Math.max(1, ...summary.histogram.map((h) => h.ratings));
  return (
    <section aria-labelledby={headingId} className="card stack rating-summary">
      <h2 id={headingId}>{t('ratingsHeading')}</h2>
      {summary.ratings === 0 ? (
        <p>{t('noRatingsYet')}</p>
      ) : (
        <>
          <p className="rating-summary__average">
            <span className="rating-summary__number">
              {t('averageOutOfFive', { average: format.number(summary.average ?? 0) })}
            </span>{' '}
            <span>
              {t('ratingsCount', { count: summary.ratings })} ·{' '}
              {t('verifiedRatingsCount', { count: summary.verifiedRatings })}
            </span>
          </p>
          {summary.verifiedAverage !== null && summary.verifiedRatings < summary.ratings ? (
            <p>{t('verifiedAverageLine', { average: format.number(summary.verifiedAverage) })}</p>
          ) : null}
          <table className="rating-summary__histogram">
            <caption className="visually-hidden">{t('histogramCaption')}</caption>
            <thead className="visually-hidden">
              <tr>
                <th scope="col">{t('starsColumn')}</th>
                <th scope="col">{t('ratingsColumn')}</th>
                <th scope="col">{t('verifiedColumn')}</th>
              </tr>
            </thead>
            <tbody>
              {summary.histogram.map((row) => (
                <tr key={row.stars}>
                  <th scope="row">{t('starsRow', { stars: row.stars })}</th>
                  <td>
                    <span className="rating-summary__bar" aria-hidden="true">
                      <span style={{ width: `${(row.ratings / widest) * 100}%` }} />
                    </span>
                    {format.number(row.ratings)}
                  </td>
                  <td className="rating-summary__verified">
                    {t('verifiedColumn')} {format.number(row.verified)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {summary.jShaped ? <p className="rating-summary__note">{t('jShaped')}</p> : null}
        </>
      )}
      {summary.burst ? (
        <p className="rating-summary__note">
          {t('burstLine', {
            count: summary.burst.reviews,
            all: format.number(summary.reviews),
            day: format.day(summary.burst.day),
          })}
        </p>
      ) : null}
      {summary.reviews > 0 ? (
        <p>
          {t('verifiedShareLine', {
            verified: format.number(summary.verifiedReviews),
            count: summary.reviews,
            percent: Math.round((summary.verifiedReviews / summary.reviews) * 100),
          })}
        </p>
      ) : null}
    </section>
  );
}

function RatingsState({
  query,
  headingId,
}: {
  query: ReturnType<typeof useProductRatings>;
  headingId: string;
}) {
  const { t } = useT('reviews');
  if (query.isPending) return <LoadingState label={t('loadingRatings')} />;
  if (query.isError) {
    return (
      <ErrorState
        title={t('couldNotLoadRatings')}
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <RatingSummary summary={query.data} headingId={headingId} />;
}

export function ProductRatings({ productId }: { productId: string }) {
  return <RatingsState query={useProductRatings(productId)} headingId="product-ratings" />;
}

export function StoreRatings({ userId }: { userId: string }) {
  return <RatingsState query={useStoreRatings(userId)} headingId="store-ratings" />;
}
