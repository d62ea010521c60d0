import { Link, useParams } from 'react-router';
import { postDescription, postTitle, type PublicPost, type PublicQuery } from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { paths, socialPaths } from '../../../lib/routes';
import { useDirectResponses, useQueryDetails } from '../api/queries-api';
import { useFormat, useT } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { HelpfulButton, useMyVotes } from '../../reviews';
import { AcceptAnswerButton } from '../components/accept-answer-button';
import '../components/queries.css';

/** The page of who a question was asked of: a store's or brand's page, a creator's or provider's reviews. */
function askedOfPath(query: PublicQuery): string | null {
  if (!query.scopeUserId) return null;
  switch (query.scope) {
    case 'store':
    case 'brand':
      return paths.viewStore(query.scopeUserId);
    case 'influencer':
    case 'service':
      return socialPaths.viewReviews(query.scope, query.scopeUserId);
    case 'anything':
      return null;
  }
}

/** Answers the asker accepted first (issue 41), then the business's own, then the newest. */
const ownAnswerFirst = (posts: PublicPost[]) =>
  [...posts].sort(
    (a, b) =>
      Number(Boolean(b.acceptedByAsker)) - Number(Boolean(a.acceptedByAsker)) ||
      Number(Boolean(b.answeredAs)) - Number(Boolean(a.answeredAs)),
  );

/**
 * /question/{queryId}: a question's own page (issue 39): its words, who asked and whom, its
 * public answers (the business's own first) and "Answer this question". Drawn on the server for a
 * visitor, with schema.org's QAPage in its head (apps/api/src/modules/site/shared-pages.ts).
 */
export default function QuestionPage() {
  const { queryId = '' } = useParams();
  const { t } = useT('queries');
  const { t: common } = useT('common');
  const format = useFormat();
  const question = useQueryDetails(queryId);
  const answers = useDirectResponses(queryId, question.isSuccess);
  const user = useCurrentUser();
  const votes = useMyVotes((answers.data ?? []).map((post) => post._id));

  if (question.isPending) return <LoadingState label={t('loadingQuestion')} />;
  if (question.isError) {
    const missing =
      isApiError(question.error) && (question.error.status === 404 || question.error.status === 400);
    return (
      <section className="page">
        <title>{common('pageTitle', { title: t('questionNotFound') })}</title>
        {missing ? (
          <>
            <h1>{t('questionNotFound')}</h1>
            <p>{t('questionNotFoundText')}</p>
            <p>
              <Link to={paths.answerQuery}>{t('seeQueries')}</Link>
            </p>
          </>
        ) : (
          <ErrorState
            title={t('couldNotLoadQuestion')}
            message={question.error.message}
            onRetry={() => void question.refetch()}
          />
        )}
      </section>
    );
  }

  const query = question.data.Data;
  const asker = query.user.name || t('formerMember');
  const askedOf = askedOfPath(query);
  const publicAnswers = ownAnswerFirst((answers.data ?? []).filter((post) => !post.isPrivate));
  // The asker, signed in, accepts answers (issue 41).
  const isAsker = !!user && query.user._id === user._id;
  return (
    <article className="page stack question-page">
      <title>{common('pageTitle', { title: query.search })}</title>
      <p className="question-page__kicker">{t('questionKicker')}</p>
      <h1 className="question-page__text">{query.search}</h1>
      <p className="question-page__meta">
        {t('askedBy', { name: asker })} ·{' '}
        <time dateTime={query.createdAt}>{format.date(query.createdAt)}</time>
        {query.scopeName ? (
          <>
            {' · '}
            {askedOf ? (
              <Link to={askedOf}>{t('askedOf', { name: query.scopeName })}</Link>
            ) : (
              t('askedOf', { name: query.scopeName })
            )}
          </>
        ) : null}
      </p>
      <p>
        <Link className="link-button" to={socialPaths.addReview(query.scope, query.scopeUserId, query._id)}>
          {t('answerThisQuestion')}
        </Link>
      </p>
      <section className="stack" aria-labelledby="question-answers">
        <h2 id="question-answers">{t('answersHeading', { count: publicAnswers.length })}</h2>
        {answers.isPending ? <LoadingState label={t('loadingAnswers')} /> : null}
        {answers.isError ? (
          <ErrorState
            title={t('couldNotLoadAnswers')}
            message={answers.error.message}
            onRetry={() => void answers.refetch()}
          />
        ) : null}
        {answers.isSuccess && publicAnswers.length === 0 ? <p>{t('noAnswersYet')}</p> : null}
        {publicAnswers.length > 0 ? (
          <ul className="question-page__answers">
            {publicAnswers.map((post) => {
              const title = postTitle(post) || t('reviewBy', { name: post.authorName || t('formerMember') });
              const text = postDescription(post);
              return (
                <li key={post._id} className="card stack">
                  {post.acceptedByAsker ? <p className="accepted-mark">{t('acceptedByAsker')}</p> : null}
                  <h3 className="question-page__answer-title">{title}</h3>
                  <p className="responses__by">
                    {post.answeredAs
                      ? t('answeredBy', { name: post.answeredAs })
                      : t('by', { name: post.authorName || t('formerMember') })}{' '}
                    · <time dateTime={post.createdAt}>{format.date(post.createdAt)}</time>
                  </p>
                  {text ? <p className="responses__text">{text}</p> : null}
                  <HelpfulButton
                    postId={post._id}
                    authorId={post.infId}
                    count={post.helpfulVotes}
                    voted={votes.data?.has(post._id)}
                    title={title}
                  />
                  {isAsker ? (
                    <AcceptAnswerButton
                      queryId={query._id}
                      postId={post._id}
                      accepted={!!post.acceptedByAsker}
                      title={title}
                    />
                  ) : null}
                  {post.infId ? (
                    <p>
                      <Link
                        to={paths.post(post.infId, post._id)}
                        aria-label={t('readAnswerLabel', { title })}
                      >
                        {t('readAnswer')}
                      </Link>
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
      </section>
    </article>
  );
}
