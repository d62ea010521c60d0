import { Link, useParams } from 'react-router';
import { postDescription, postTitle, type MentionKind, type PostQuestion } from '@app/domain';
import { isApiError } from '../../../lib/api-client';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { PhotoViewer } from '../../../components/ui/photo-viewer';
import { paths, socialPaths } from '../../../lib/routes';
import { useCurrentUser } from '../../../lib/session';
import { usePost, usePostMentions } from '../api/reviews-api';
import { ModerationNotice } from '../components/moderation-notice';
import { ProductLabels } from '../components/post-card';
import { HonestLabels } from '../components/purchase-mark';
import { HelpfulButton } from '../components/helpful-button';
import { ReplyForm, ReviewReply } from '../components/review-reply';
import { useMyVotes } from '../api/feedback-api';
import { ReportPost } from '../../moderation';
import { SharePanel } from '../components/share-panel';
import '../components/reviews.css';
import { useFormat, useT } from '../../../lib/i18n';

const TAGGED_TO = {
  store: 'taggedToStore',
  brand: 'taggedToBrand',
  influencer: 'taggedToInfluencer',
  service: 'taggedToService',
} as const satisfies Record<MentionKind, string>;

/** /post/{infId}/{postId}: the server sends the preview tags; this shows the post itself. */
export default function PostPage() {
  const { infId = '', postId = '' } = useParams();
  const post = usePost(infId, postId);
  const mentions = usePostMentions(infId, postId);
  const user = useCurrentUser();
  const votes = useMyVotes([postId]);
  const { t } = useT('reviews');
  const format = useFormat();

  if (post.isPending) {
    return (
      <section className="page reviews">
        <LoadingState label={t('loadingPost')} />
      </section>
    );
  }
  if (post.isError && isApiError(post.error) && post.error.code === 'AWAITING_CONFIRMATION') {
    // Sent with an existing account's contact: nobody reads it as theirs until they confirm it.
    return (
      <section className="page reviews stack">
        <title>{t('pageTitle', { heading: t('waiting') })}</title>
        <meta name="robots" content="noindex" />
        <h1>{t('waiting')}</h1>
        <EmptyState title={t('waitingDetail')}>
          <p>
            <Link to={paths.viewReviews}>{t('seeRecentReviews')}</Link>
          </p>
        </EmptyState>
      </section>
    );
  }
  if (post.isError && isApiError(post.error) && post.error.code === 'POST_REMOVED') {
    // Hidden or removed by moderators (decision 027): nothing of it is shown, and not for search engines.
    return (
      <section className="page reviews stack">
        <title>{t('pageTitle', { heading: t('removed') })}</title>
        <meta name="robots" content="noindex" />
        <h1>{t('removed')}</h1>
        <EmptyState title={t('removedDetail')}>
          <p>
            <Link to={paths.viewReviews}>{t('seeRecentReviews')}</Link>
          </p>
        </EmptyState>
      </section>
    );
  }
  if (post.isError) {
    return (
      <section className="page reviews">
        <title>{t('pageTitle', { heading: t('postNotFound') })}</title>
        <h1>{t('postNotFound')}</h1>
        <ErrorState
          title={t('couldNotShowPost')}
          message={post.error.message}
          onRetry={() => void post.refetch()}
        />
      </section>
    );
  }
  const p = post.data.Data;
  const title = postTitle(p) || t('reviewBy', { name: p.authorName });
  const tags = mentions.data?.data.collections.flatMap((c) => c.savedItems) ?? [];

  return (
    <article className="page reviews stack">
      <h1 className="post-page__title">{title}</h1>
      {p.moderation ? <ModerationNotice moderation={p.moderation} /> : null}
      <p className="post-card__by">
        {p.answeredAs
          ? t('answeredByOn', { name: p.answeredAs, date: format.date(p.createdAt) })
          : t('byOn', { name: p.authorName, date: format.date(p.createdAt) })}
      </p>
      {p.question ? <AnsweredQuestion question={p.question} /> : null}
      {p.postData.data.length > 0 && p.type === 'VIDEO' ? (
        <div className="post-page__media">
          {p.postData.data.map((m, i) => (
            <video
              key={m.url}
              src={m.url}
              poster={m.thumbnail || undefined}
              controls
              aria-label={t('videoNumber', { number: i + 1 })}
            />
          ))}
        </div>
      ) : p.postData.data.length > 0 ? (
        <PhotoViewer
          className="post-page__media"
          photos={p.postData.data.map((m, i) => ({
            url: m.url,
            alt: t('imageOf', { number: i + 1, title }),
          }))}
        >
          {(photo, i) => (
            <ResponsiveImage
              src={photo.url}
              widths={p.imageVariants?.[photo.url]}
              sizes="(min-width: 768px) 14rem, 50vw"
              priority={i === 0}
              alt={photo.alt}
            />
          )}
        </PhotoViewer>
      ) : null}
      {postDescription(p) ? <p className="post-page__text">{postDescription(p)}</p> : null}
      <ProductLabels post={p} />
      <HonestLabels labels={p.labels} />
      {p.reply ? <ReviewReply reply={p.reply} /> : null}
      {/* The store, brand or creator the review is about replies under it (issue 41). */}
      {user && !p.answeredAs && [p.storeUserId, p.brandUserId, p.influencerUserId].includes(user._id) ? (
        <ReplyForm postId={p._id} reply={p.reply} />
      ) : null}
      <HelpfulButton
        postId={p._id}
        authorId={p.infId}
        count={p.helpfulVotes}
        voted={votes.data?.has(p._id)}
        title={title}
      />
      {p.postData.links[0]?.data.length ? (
        <ul className="post-page__links" aria-label={t('links')}>
          {p.postData.links[0].data.map((l) => (
            <li key={l.url}>
              <a href={l.url} target="_blank" rel="noopener noreferrer nofollow ugc">
                {l.name || l.url}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {p.hashtags.length > 0 ? (
        <p className="post-page__tags">{p.hashtags.map((h) => `#${h}`).join(' ')}</p>
      ) : null}
      <p>
        <Link className="link-button" to={socialPaths.tagAny(infId, postId)}>
          {t('tagThisPost')}
        </Link>
      </p>
      <section className="stack" id="mentions" aria-labelledby="mentions-title">
        <h2 id="mentions-title">{t('mentions')}</h2>
        {mentions.isPending ? <LoadingState label={t('loadingMentions')} /> : null}
        {mentions.isError ? (
          <ErrorState
            title={t('couldNotLoadMentions')}
            message={mentions.error.message}
            onRetry={() => void mentions.refetch()}
          />
        ) : null}
        {mentions.isSuccess && tags.length === 0 ? <EmptyState title={t('notTaggedYet')} /> : null}
        {tags.length > 0 ? (
          <ul className="post-page__mentions">
            {tags.map((tag) => (
              <li key={tag._id}>
                {/* A store or brand has a page of its own; a creator, the reviews they were tagged in. */}
                <Link
                  to={
                    tag.kind === 'store' || tag.kind === 'brand'
                      ? paths.viewStore(tag.taggedUserId)
                      : socialPaths.validatedReviews(tag.kind, tag.taggedUserId)
                  }
                >
                  {tag.taggedName ? t('mentionTaggedTo', { name: tag.taggedName }) : t(TAGGED_TO[tag.kind])}
                </Link>
                {t('taggedOn', { date: format.date(tag.createdAt) })}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {p.moderation ? null : <ReportPost postId={p._id} title={title} />}
      <SharePanel infId={infId} postId={postId} title={title} isAuthor={user?._id === p.infId} />
      <p>
        <Link to={paths.home}>{t('backToHome')}</Link>
      </p>
    </article>
  );
}

/**
 * The question an answer answers (issue 39): its words, linked to the questions asked of the same
 * store, brand or creator (or to all questions), and whom it was asked of, linked to their page.
 */
function AnsweredQuestion({ question }: { question: PostQuestion }) {
  const { t } = useT('reviews');
  const { scope, scopeUserId, scopeName } = question;
  const asked = scope !== 'anything' && scopeUserId ? { scope, id: scopeUserId } : null;
  return (
    <p className="post-page__question">
      {t('answersQuestion')}{' '}
      <Link to={asked ? socialPaths.answerQuery(asked.scope, asked.id) : paths.answerQuery}>
        <q>{question.search}</q>
      </Link>
      {asked && scopeName ? <AskedOf name={scopeName} to={profileLink(asked.scope, asked.id)} /> : null}
    </p>
  );
}

const profileLink = (scope: PostQuestion['scope'], id: string) =>
  scope === 'store' || scope === 'brand'
    ? paths.viewStore(id)
    : socialPaths.viewReviews(scope === 'anything' ? undefined : scope, id);

/** "asked of Gopal Textiles", the name a link; the words around it in the reader's language order. */
function AskedOf({ name, to }: { name: string; to: string }) {
  const { t } = useT('reviews');
  const MARK = '\u0000';
  const [before = '', after = ''] = t('askedOf', { name: MARK }).split(MARK);
  return (
    <>
      {before}
      <Link to={to}>{name}</Link>
      {after}
    </>
  );
}
