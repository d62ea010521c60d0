import { Link } from 'react-router';
import type { PublicShop } from '@app/domain';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadMore } from '../../../components/ui/load-more';
import { LoadingState } from '../../../components/ui/spinner';
import { paths, socialPaths } from '../../../lib/routes';
import { useFormat, useT } from '../../../lib/i18n';
import { useAnsweredQuestions } from '../api/sellers-api';
import './store-hub.css';

/**
 * The questions asked of a store or brand that have an answer, on its page (issue 39): each with the
 * business's own answer when it gave one ("Answered by Gopal Textiles"), else the newest, and "Ask
 * this store" for the next.
 */
export function StoreQuestions({ shop, userId }: { shop: PublicShop; userId: string }) {
  const { t } = useT('stores');
  const format = useFormat();
  const list = useAnsweredQuestions(userId);
  const scope = shop.user_id.isBrand ? 'brand' : 'store';
  const questions = list.data?.pages.flatMap((page) => page.Data) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  return (
    <section aria-labelledby="store-questions" className="stack store-hub">
      <div className="store-hub__head">
        <h2 id="store-questions">{t('questionsAndAnswers')}</h2>
        <Link className="link-button" to={socialPaths.askQuery(scope, userId)}>
          {shop.user_id.isBrand ? t('askThisBrand') : t('askThisStore')}
        </Link>
      </div>
      {list.isPending ? (
        <LoadingState label={t('loadingQuestions')} />
      ) : list.isError ? (
        <ErrorState
          title={t('couldNotLoadQuestions')}
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : questions.length === 0 ? (
        <p>{t('noAnsweredQuestions', { name: shop.name })}</p>
      ) : (
        <>
          <p>{t('answeredCount', { count: total })}</p>
          <ul className="store-hub__list">
            {questions.map((question) => {
              const { answer } = question;
              const text = [answer.title, answer.description].filter((part) => part.trim()).join(' — ');
              return (
                <li key={question._id} className="card stack store-hub__item">
                  <h3 className="store-hub__title">
                    <Link to={paths.question(question._id)}>{question.search}</Link>
                  </h3>
                  {text ? <p className="store-hub__text">{text}</p> : null}
                  <p className="store-hub__by">
                    {answer.answeredAs
                      ? t('answeredByOn', { name: answer.answeredAs, date: format.date(answer.createdAt) })
                      : t('byOn', {
                          name: answer.authorName || t('formerMember'),
                          date: format.date(answer.createdAt),
                        })}
                  </p>
                  <p className="store-hub__links">
                    {answer.infId ? (
                      <Link
                        to={paths.post(answer.infId, answer._id)}
                        aria-label={t('readAnswerTo', { question: question.search })}
                      >
                        {t('readAnswer')}
                      </Link>
                    ) : null}
                    {question.answers > 1 ? (
                      <Link
                        to={paths.question(question._id)}
                        aria-label={t('moreAnswersTo', {
                          count: question.answers - 1,
                          question: question.search,
                        })}
                      >
                        {t('moreAnswers', { count: question.answers - 1 })}
                      </Link>
                    ) : null}
                  </p>
                </li>
              );
            })}
          </ul>
          <LoadMore list={list} label={t('moreQuestions')} />
        </>
      )}
      <Link to={socialPaths.answerQuery(scope, userId)}>{t('seeAllQuestions', { name: shop.name })}</Link>
    </section>
  );
}
