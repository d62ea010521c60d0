import { useState } from 'react';
import { Link } from 'react-router';
import type { PublicQuery } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { socialPaths } from '../../../lib/routes';
import { useDirectResponses, useSimilarResponses } from '../api/queries-api';
import { ResponseList } from './response-list';

type Panel = 'similar' | 'direct' | 'details' | null;

/** One asked query with Answer Now and the panels that show what answers it. */
export function QueryCard({ query }: { query: PublicQuery }) {
  const [panel, setPanel] = useState<Panel>(null);
  const similar = useSimilarResponses(query.search, panel === 'similar');
  const direct = useDirectResponses(query._id, panel === 'direct');
  const toggle = (next: Panel) => setPanel((current) => (current === next ? null : next));
  const panelId = `query-${query._id}-panel`;

  return (
    <li className="card stack query-card">
      <h3 className="query-card__text">{query.search}</h3>
      <p className="query-card__meta">
        {`Asked by ${query.user.name}`}
        {query.scopeName ? ` to ${query.scopeName}` : ''}
        {` · ${query.responses} ${query.responses === 1 ? 'response' : 'responses'}`}
      </p>
      <div className="query-card__actions">
        <Link
          className="link-button"
          to={socialPaths.addReview(query.scope, query.scopeUserId, query._id)}
          aria-label={`Answer Now: ${query.search}`}
        >
          Answer Now
        </Link>
        {(['similar', 'direct', 'details'] as const).map((name) => (
          <Button
            key={name}
            variant="secondary"
            aria-expanded={panel === name}
            aria-controls={panelId}
            onClick={() => toggle(name)}
          >
            {name === 'similar'
              ? 'Similar Responses'
              : name === 'direct'
                ? 'Direct Responses'
                : 'Explore Details'}
          </Button>
        ))}
      </div>
      <div id={panelId}>
        {panel === 'similar' ? (
          <ResponseList
            label="Similar Responses"
            isPending={similar.isPending}
            error={similar.error}
            posts={similar.data}
            onRetry={() => void similar.refetch()}
          />
        ) : null}
        {panel === 'direct' ? (
          <ResponseList
            label="Direct Responses"
            isPending={direct.isPending}
            error={direct.error}
            posts={direct.data}
            onRetry={() => void direct.refetch()}
          />
        ) : null}
        {panel === 'details' ? (
          <dl className="query-card__details">
            <dt>Query</dt>
            <dd>{query.search}</dd>
            <dt>Asked by</dt>
            <dd>{query.user.name}</dd>
            <dt>Asked to</dt>
            <dd>{query.scopeName ?? 'Anyone'}</dd>
            <dt>Asked on</dt>
            <dd>{new Date(query.createdAt).toLocaleDateString()}</dd>
            <dt>Responses</dt>
            <dd>{query.responses}</dd>
          </dl>
        ) : null}
      </div>
    </li>
  );
}
