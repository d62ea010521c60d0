import { Link, useLocation } from 'react-router';
import type { PublicMention } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { paths, socialPaths, type ProfileScope } from '../../../lib/routes';
import { useProfileFromParams, useProfileName } from '../../../lib/use-profile-scope';
import { useTaggedReviews } from '../api/reviews-api';
import { PostCard } from '../components/post-card';
import { ReviewsWord } from '../components/reviews-word';
import { TagsWaiting } from '../components/tags-waiting';
import { useCurrentUser } from '../../../lib/session';
import '../components/reviews.css';

/** The spec's titles of the influencer lists; the others read "Tagged Reviews" (or Posts). */
function titleFor(pathname: string): string | null {
  if (pathname.startsWith('/validatedinfluencerreviews')) return 'Service Reviews';
  if (pathname.startsWith('/revalidatedinfluencerreviews')) return 'Tagged Reviews';
  return null;
}

/**
 * Tagged Reviews: /validatedreviews and the validated/revalidated lists of a brand, store,
 * service provider or influencer, found by id (the `{email}` segment is not used).
 */
export default function TaggedReviewsPage() {
  const profile = useProfileFromParams();
  const name = useProfileName(profile);
  const { pathname } = useLocation();
  const list = useTaggedReviews(profile);
  const user = useCurrentUser();
  const mentions = list.data?.pages.flatMap((p) => p.Data) ?? [];
  const fixedTitle = titleFor(pathname);
  // The menu's "Validated Reviews" ("Validated Posts" on wide screens) opens the unscoped list: its
  // heading says the same. A profile's lists are reached from its "Tagged Reviews" link.
  const firstWord = profile ? 'Tagged' : 'Validated';

  return (
    <section className="page reviews stack">
      <title>{`${fixedTitle ?? `${firstWord} Reviews`}${name.data ? `: ${name.data}` : ''} | Revuhub`}</title>
      <h1>
        {fixedTitle ?? (
          <>
            {firstWord} <ReviewsWord />
          </>
        )}
      </h1>
      {profile ? (
        <p className="reviews__about">
          {name.data ? `Tagged to ${name.data}. ` : null}
          <Link to={socialPaths.viewReviews(profile.scope, profile.id)}>Recent Reviews</Link>
        </p>
      ) : null}
      {profile && user?._id === profile.id ? <TagsWaiting /> : null}
      {list.isPending ? <LoadingState label="Loading tagged reviews…" /> : null}
      {list.isError ? (
        <ErrorState
          title="Could not load tagged reviews"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.isSuccess && mentions.length === 0 ? <EmptyState title="Nothing tagged yet" /> : null}
      {mentions.length > 0 ? (
        <ul className="reviews__list" aria-label="Tagged reviews">
          {mentions.map((m) => (
            <TaggedItem key={m._id} mention={m} />
          ))}
        </ul>
      ) : null}
      {list.hasNextPage ? (
        <div>
          <Button
            variant="secondary"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            More tagged reviews
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function TaggedItem({ mention }: { mention: PublicMention }) {
  const source = mention.sourcePost;
  if (!source.infId) return null;
  const scope: ProfileScope = mention.kind;
  return (
    <PostCard post={source}>
      <Link to={`${paths.post(source.infId, source._id)}#mentions`}>Mentions</Link>
      <Link
        className="link-button"
        to={socialPaths.tag(scope, source.infId, source._id, mention.taggedUserId)}
      >
        Retag
      </Link>
    </PostCard>
  );
}
