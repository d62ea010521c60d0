import { Link, useLocation } from 'react-router';
import type { PublicMention } from '@app/domain';
import { LoadMore } from '../../../components/ui/load-more';
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
import { useT } from '../../../lib/i18n';

/** The spec's titles of the influencer lists; the others read "Tagged Reviews" (or Posts). */
function titleFor(pathname: string): 'serviceReviews' | 'taggedReviews' | null {
  if (pathname.startsWith('/validatedinfluencerreviews')) return 'serviceReviews';
  if (pathname.startsWith('/revalidatedinfluencerreviews')) return 'taggedReviews';
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
  const { t } = useT('reviews');
  const mentions = list.data?.pages.flatMap((p) => p.Data) ?? [];
  const fixedKey = titleFor(pathname);
  const fixedTitle = fixedKey ? t(fixedKey) : null;
  // The menu's "Validated Reviews" ("Validated Posts" on wide screens) opens the unscoped list: its
  // heading says the same. A profile's lists are reached from its "Tagged Reviews" link.
  const firstWord = profile ? t('tagged') : t('validated');
  const listTitle = fixedTitle ?? (profile ? t('taggedReviews') : t('validatedReviews'));

  return (
    <section className="page reviews stack">
      <title>
        {t('pageTitle', {
          heading: name.data ? t('titleOf', { title: listTitle, name: name.data }) : listTitle,
        })}
      </title>
      <h1>
        {fixedTitle ?? (
          <>
            {firstWord}
            <ReviewsWord />
          </>
        )}
      </h1>
      {profile ? (
        <p className="reviews__about">
          {name.data ? t('taggedTo', { name: name.data }) : null}
          <Link to={socialPaths.viewReviews(profile.scope, profile.id)}>{t('recentReviews')}</Link>
        </p>
      ) : null}
      {profile && user?._id === profile.id ? <TagsWaiting /> : null}
      {list.isPending ? <LoadingState label={t('loadingTagged')} /> : null}
      {list.isError ? (
        <ErrorState
          title={t('couldNotLoadTagged')}
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.isSuccess && mentions.length === 0 ? <EmptyState title={t('nothingTagged')} /> : null}
      {mentions.length > 0 ? (
        <ul className="reviews__list" aria-label={t('taggedReviewsList')}>
          {mentions.map((m) => (
            <TaggedItem key={m._id} mention={m} />
          ))}
        </ul>
      ) : null}
      <LoadMore list={list} label={t('moreTagged')} />
    </section>
  );
}

function TaggedItem({ mention }: { mention: PublicMention }) {
  const { t } = useT('reviews');
  const source = mention.sourcePost;
  if (!source.infId) return null;
  const scope: ProfileScope = mention.kind;
  return (
    <PostCard post={source}>
      <Link to={`${paths.post(source.infId, source._id)}#mentions`}>{t('mentions')}</Link>
      <Link
        className="link-button"
        to={socialPaths.tag(scope, source.infId, source._id, mention.taggedUserId)}
      >
        {t('retag')}
      </Link>
    </PostCard>
  );
}
