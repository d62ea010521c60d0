import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { TOAST_MESSAGES, type AddReviewResponse } from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../lib/routes';
import { useProfileFromParams, useProfileName } from '../../../lib/use-profile-scope';
import { useQueryBeingAnswered } from '../api/reviews-api';
import { ReviewForm } from '../components/review-form';
import { SharePanel } from '../components/share-panel';
import '../components/reviews.css';
import { ClaimCodeForm } from '../../../components/ui/claim-code-form';

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

  const isService = pathname.startsWith('/addservicereview') || isServiceProvider === 'true';
  const heading = isService
    ? 'Add Service Review'
    : profile?.scope === 'influencer'
      ? 'Add Review/Service'
      : 'Add Review';

  if ((profile && name.isPending) || (queryId && query.isPending)) {
    return (
      <section className="page reviews">
        <LoadingState label="Loading…" />
      </section>
    );
  }
  if ((profile && name.isError) || (queryId && query.isError)) {
    const error = name.error ?? query.error;
    return (
      <section className="page reviews">
        <title>{`${heading} | Revuhub`}</title>
        <h1>{heading}</h1>
        <ErrorState
          title={name.isError ? 'We could not find who this review is about' : 'We could not find this query'}
          message={error?.message}
          onRetry={() => void (name.isError ? name.refetch() : query.refetch())}
        />
      </section>
    );
  }

  return (
    <section className="page reviews stack">
      <title>{`${heading} | Revuhub`}</title>
      <h1>{heading}</h1>
      {profile && name.data ? <p className="reviews__about">{`About ${name.data}`}</p> : null}
      {query.data ? (
        <p className="reviews__query">
          {'Answering: '}
          <q>{query.data.Data.search}</q>
          {` asked by ${query.data.Data.user.name}`}
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
  // The form is gone; focus the news so keyboard and screen-reader users follow.
  useEffect(() => heading.current?.focus(), []);
  const title = response.postDetails.Data.postData.caption[0]?.value ?? 'My review';
  return (
    <div className="stack">
      <div className="card stack">
        <h2 ref={heading} tabIndex={-1}>
          {TOAST_MESSAGES.reviewSaved}
        </h2>
        {response.passwordSentTo ? (
          <p>{`We made an account for you and sent its one-time password to ${response.passwordSentTo}.`}</p>
        ) : null}
        {response.confirmation ? <ClaimCodeForm confirmation={response.confirmation} /> : null}
        <p>
          <Link to={paths.post(response.infId, response.postId)}>View your post</Link>
        </p>
      </div>
      <SharePanel infId={response.infId} postId={response.postId} title={title} isAuthor />
    </div>
  );
}
