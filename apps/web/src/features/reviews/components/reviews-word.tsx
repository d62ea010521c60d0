import { useT } from '../../../lib/i18n';

/** "Reviews" on narrow screens, "Posts" on wide ones (spec: the 834 px breakpoint). */
export function ReviewsWord() {
  const { t } = useT('reviews');
  return (
    <>
      <span className="reviews-word--narrow">{t('reviewsNarrow')}</span>
      <span className="reviews-word--wide">{t('postsWide')}</span>
    </>
  );
}
