import { useEffect, useState } from 'react';
import { API_BASE } from '../../../lib/api-base';
import { useT } from '../../../lib/i18n/translate';

interface HeroReview {
  id: string;
  title: string;
  author: string;
  text: string;
  tags: string[];
}

const LATEST_REVIEWS = `${API_BASE}/inflncr/getAllInfluencersPostsWithoutMobileAndEmail/all/1/3`;

function readReviews(body: unknown): HeroReview[] {
  const data = (body as { Data?: unknown } | null)?.Data;
  if (!Array.isArray(data)) return [];
  return data.flatMap((post: unknown): HeroReview[] => {
    const p = post as {
      _id?: unknown;
      authorName?: unknown;
      hashtags?: unknown;
      postData?: { caption?: { value?: unknown }[]; desc?: { value?: unknown }[] };
    };
    const title = p.postData?.caption?.[0]?.value;
    const text = p.postData?.desc?.[0]?.value;
    if (typeof p._id !== 'string' || typeof title !== 'string' || title === '') return [];
    return [
      {
        id: p._id,
        title,
        author: typeof p.authorName === 'string' ? p.authorName : '',
        text: typeof text === 'string' ? text : '',
        tags: Array.isArray(p.hashtags) ? p.hashtags.filter((t): t is string => typeof t === 'string') : [],
      },
    ];
  });
}

/**
 * The latest public reviews beside the headline on wide screens: real content instead of an empty
 * half. Plain fetch after first paint (the landing page keeps its JavaScript small and its LCP on
 * the headline); on phones the block is not shown, and on any failure it simply stays away.
 */
export function HeroReviews() {
  const [reviews, setReviews] = useState<HeroReview[]>([]);
  const { t } = useT('landing');

  useEffect(() => {
    const controller = new AbortController();
    fetch(LATEST_REVIEWS, { headers: { Accept: 'application/json' }, signal: controller.signal })
      .then(async (response) => (response.ok ? readReviews(await response.json()) : []))
      .then(setReviews)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('Latest reviews not shown', error);
      });
    return () => controller.abort();
  }, []);

  if (reviews.length === 0) return null;
  return (
    <section className="lp-hero__reviews" aria-labelledby="lp-hero-reviews">
      <h2 id="lp-hero-reviews" className="lp-hero__reviews-title">
        {t('latestReviews')}
      </h2>
      <ul className="lp-hero__review-list">
        {reviews.map((review) => (
          <li key={review.id} className="lp-review">
            <p className="lp-review__title">{review.title}</p>
            <p className="lp-review__text">{review.text}</p>
            <p className="lp-review__meta">
              {review.author ? t('reviewBy', { author: review.author }) : null}
              {review.tags.length > 0
                ? ` · ${review.tags
                    .slice(0, 2)
                    .map((tag) => `#${tag}`)
                    .join(' ')}`
                : null}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
