import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../lib/routes';
import { useReceivedResponses } from '../api/skills-api';
import { kindLabel } from '../components/skill-texts';
import { useFormat, useT } from '../../../lib/i18n';
import './skill-discovery.css';

// A link cannot travel through a catalogue string: its place is marked and the text cut there.
const LINK = '\u0001';
function withLink(text: string, link: ReactNode): ReactNode {
  const [before = '', after = ''] = text.split(LINK);
  return (
    <>
      {before}
      {link}
      {after}
    </>
  );
}

/**
 * /skilldiscovery/responses: the messages people sent to the signed-in person's skill posts and
 * requirements, with the contact each chose to share (decision 026). The notification links here.
 */
export default function SkillResponsesPage() {
  const responses = useReceivedResponses();
  const { t } = useT('skills');
  const { t: common } = useT('common');
  const { dateTime } = useFormat();
  return (
    <section className="page stack skill-responses" aria-labelledby="responses-title">
      <title>{common('pageTitle', { title: t('responsesToYourPosts') })}</title>
      <h1 id="responses-title">{t('responsesToYourPosts')}</h1>
      <p>
        <Link to={paths.skillDiscovery}>{t('backToSkillDiscovery')}</Link>
      </p>
      {responses.isPending ? (
        <LoadingState label={t('loadingResponses')} />
      ) : responses.isError ? (
        <ErrorState message={responses.error.message} onRetry={() => void responses.refetch()} />
      ) : responses.data.Data.length === 0 ? (
        <EmptyState title={t('noResponses')}>
          {withLink(
            t('noResponsesText', { link: LINK }),
            <Link to={paths.skillDiscovery}>{t('skillDiscovery')}</Link>,
          )}
        </EmptyState>
      ) : (
        <ol className="skills__list" aria-label={t('responses')}>
          {responses.data.Data.map((r) => (
            <li key={r._id} className="card skill-card">
              <p className="skill-card__kind">
                {r.postKind === 'requirement' ? t('response') : t('contact')} · {kindLabel(r.postKind, t)}
              </p>
              <h2 className="skill-card__title">
                {t('fromAbout', { name: r.fromName })}
                <Link to={paths.post(r.infId, r.postId)}>{r.postTitle || kindLabel(r.postKind, t)}</Link>
              </h2>
              <p className="skill-card__text">{r.message}</p>
              <p className="skill-card__author">
                {t('replyToLabel')}
                <a href={r.replyTo.includes('@') ? `mailto:${r.replyTo}` : `tel:+91${r.replyTo}`}>
                  {r.replyTo}
                </a>{' '}
                · <time dateTime={r.createdAt}>{dateTime(r.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
