import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../lib/routes';
import { useReceivedResponses } from '../api/skills-api';
import { KIND_LABELS } from '../components/skill-card';
import './skill-discovery.css';

/**
 * /skilldiscovery/responses: the messages people sent to the signed-in person's skill posts and
 * requirements, with the contact each chose to share (decision 026). The notification links here.
 */
export default function SkillResponsesPage() {
  const responses = useReceivedResponses();
  return (
    <section className="page stack skill-responses" aria-labelledby="responses-title">
      <title>Responses to your posts | Revuhub</title>
      <h1 id="responses-title">Responses to your posts</h1>
      <p>
        <Link to={paths.skillDiscovery}>Back to Skill Discovery</Link>
      </p>
      {responses.isPending ? (
        <LoadingState label="Loading responses…" />
      ) : responses.isError ? (
        <ErrorState message={responses.error.message} onRetry={() => void responses.refetch()} />
      ) : responses.data.Data.length === 0 ? (
        <EmptyState title="No responses yet">
          Recruiters and others can contact you from your posts on{' '}
          <Link to={paths.skillDiscovery}>Skill Discovery</Link>.
        </EmptyState>
      ) : (
        <ol className="skills__list" aria-label="Responses">
          {responses.data.Data.map((r) => (
            <li key={r._id} className="card skill-card">
              <p className="skill-card__kind">
                {r.postKind === 'requirement' ? 'Response' : 'Contact'} · {KIND_LABELS[r.postKind]}
              </p>
              <h2 className="skill-card__title">
                From {r.fromName} about{' '}
                <Link to={paths.post(r.infId, r.postId)}>{r.postTitle || KIND_LABELS[r.postKind]}</Link>
              </h2>
              <p className="skill-card__text">{r.message}</p>
              <p className="skill-card__author">
                Reply to:{' '}
                <a href={r.replyTo.includes('@') ? `mailto:${r.replyTo}` : `tel:+91${r.replyTo}`}>
                  {r.replyTo}
                </a>{' '}
                · <time dateTime={r.createdAt}>{new Date(r.createdAt).toLocaleString('en-IN')}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
