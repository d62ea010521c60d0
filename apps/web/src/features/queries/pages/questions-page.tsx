import { useEffect } from 'react';
import { Link } from 'react-router';
import { LoadMore } from '../../../components/ui/load-more';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { socialPaths } from '../../../lib/routes';
import { useFormat, useT } from '../../../lib/i18n';
import { useQuestionsAsked } from '../api/queries-api';
import { publishQuestionCounts } from '../api/question-counts';
import { useCurrentUser } from '../../../lib/session';
import '../components/queries.css';

/**
 * /questions: what people asked of the signed-in person's store, brand or creator profile (issue
 * 39), the ones still waiting first. Each opens the answer form linked to its question, where the
 * owner answers as the business.
 */
export default function QuestionsPage() {
  const { t } = useT('queries');
  const { t: common } = useT('common');
  const format = useFormat();
  const list = useQuestionsAsked();
  const questions = list.data?.pages.flatMap((p) => p.Data) ?? [];
  const counts = list.data?.pages[0]?.counts;
  const userId = useCurrentUser()?._id;
  // The menu's count follows what this page shows.
  useEffect(() => {
    if (userId && counts) publishQuestionCounts(userId, counts);
  }, [userId, counts]);

  return (
    <section className="page queries stack">
      <title>{common('pageTitle', { title: t('questionsTitle') })}</title>
      <h1>{t('questionsTitle')}</h1>
      {counts && counts.total > 0 ? (
        <p>{t('questionsWaiting', { count: counts.unanswered, total: counts.total })}</p>
      ) : null}
      {list.isPending ? <LoadingState label={t('loadingQuestions')} /> : null}
      {list.isError ? (
        <ErrorState
          title={t('couldNotLoadQuestions')}
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.isSuccess && questions.length === 0 ? (
        <EmptyState title={t('noQuestionsYet')}>
          <p>{t('noQuestionsHint')}</p>
        </EmptyState>
      ) : null}
      {questions.length > 0 ? (
        <ul className="queries__list" aria-label={t('questionsTitle')}>
          {questions.map((q) => (
            <li key={q._id} className="card stack query-card">
              <h2 className="query-card__text">{q.search}</h2>
              <p className="query-card__meta">
                {t('askedBy', { name: q.user.name || t('formerMember') })}
                {q.scopeName ? t('askedTo', { name: q.scopeName }) : ''}
                {' · '}
                {format.date(q.createdAt)}
              </p>
              <p className={q.answered ? 'question__state' : 'question__state question__state--waiting'}>
                {q.answered ? t('questionAnswered') : t('questionWaiting')}
              </p>
              <div className="query-card__actions">
                <Link
                  className="link-button"
                  to={socialPaths.addReview(q.scope, q.scopeUserId, q._id)}
                  aria-label={t('answerQuestionLabel', { query: q.search })}
                >
                  {q.answered ? t('answerAgain') : t('answerQuestion')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <LoadMore list={list} label={t('moreQuestions')} />
    </section>
  );
}
