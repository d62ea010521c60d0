import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { AddReviewResponse } from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../lib/routes';
import { useProfileFromParams, useProfileName } from '../../../lib/use-profile-scope';
import { useQueryBeingAnswered } from '../api/reviews-api';
import { ReviewForm } from '../components/review-form';
import { SharePanel } from '../components/share-panel';
import '../components/reviews.css';
import { ClaimCodeForm } from '../../contributions';
import { useT } from '../../../lib/i18n';

/**
 * Every add-review route: /addreview[/{queryId}], /addbrandreview/…, /addstorereview/…,
 * /addservicereview/…, /addinfluencerreview/… and the /sharereview/{shareFeedback} forms.
 */
export default function AddReviewPage() {
  const params = useParams();
  const { queryId, isServiceProvider } = params;
  const [search] = useSearchParams();
  // The route carries the product only after a query; the thank-you page's link has no query.
  const productId = params.productId ?? search.get('productId') ?? undefined;
  const { pathname } = useLocation();
  const profile = useProfileFromParams();
  const name = useProfileName(profile);
  const query = useQueryBeingAnswered(queryId);
  const [posted, setPosted] = useState<AddReviewResponse | null>(null);
  const { t } = useT('reviews');

  const isService = pathname.startsWith('/addservicereview') || isServiceProvider === 'true';
  const heading = isService
    ? t('addServiceReview')
    : profile?.scope === 'influencer'
      ? t('addReviewService')
      : t('addReview');

  if ((profile && name.isPending) || (queryId && query.isPending)) {
    return (
      <section className="page reviews">
        <LoadingState label={t('loading')} />
      </section>
    );
  }
  if ((profile && name.isError) || (queryId && query.isError)) {
    const error = name.error ?? query.error;
    return (
      <section className="page reviews">
        <title>{t('pageTitle', { heading })}</title>
        <h1>{heading}</h1>
        <ErrorState
          title={name.isError ? t('notFoundAbout') : t('notFoundQuery')}
          message={error?.message}
          onRetry={() => void (name.isError ? name.refetch() : query.refetch())}
        />
      </section>
    );
  }

  return (
    <section className="page reviews stack">
      <title>{t('pageTitle', { heading })}</title>
      <h1>{heading}</h1>
      {profile && name.data ? <p className="reviews__about">{t('about', { name: name.data })}</p> : null}
      {query.data ? (
        <p className="reviews__query">
          {t('answering')}
          <q className="reviews__query-text">{query.data.Data.search}</q>
          {t('askedBy', { name: query.data.Data.user.name })}
        </p>
      ) : null}
      {posted ? (
        <Posted response={posted} />
      ) : (
        <ReviewForm
          profile={profile}
          profileName={name.data}
          queryId={queryId}
          productId={productId}
          isService={isService}
          onPosted={setPosted}
        />
      )}
    </section>
  );
}

function Posted({ response }: { response: AddReviewResponse }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { t } = useT('reviews');
  // The form is gone; focus the news so keyboard and screen-reader users follow.
  useEffect(() => heading.current?.focus(), []);
  const title = response.postDetails.Data.postData.caption[0]?.value ?? t('myReview');
  return (
    <div className="stack">
      <div className="card stack">
        <h2 ref={heading} tabIndex={-1}>
          {t('reviewSaved')}
        </h2>
        {response.passwordSentTo ? <p>{t('accountMade', { to: response.passwordSentTo })}</p> : null}
        {response.confirmation ? <ClaimCodeForm confirmation={response.confirmation} /> : null}
        <p>
          <Link to={paths.post(response.infId, response.postId)}>{t('viewYourPost')}</Link>
        </p>
      </div>
      <SharePanel infId={response.infId} postId={response.postId} title={title} isAuthor />
    </div>
  );
}
