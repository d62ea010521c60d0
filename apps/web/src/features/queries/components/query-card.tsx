import { useState } from 'react';
import { Link } from 'react-router';
import type { PublicQuery } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { paths, socialPaths } from '../../../lib/routes';
import { useDirectResponses, useSimilarResponses } from '../api/queries-api';
import { ResponseList } from './response-list';
import { useFormat, useT } from '../../../lib/i18n';

type Panel = 'similar' | 'direct' | 'details' | null;

/** One asked query with Answer Now and the panels that show what answers it. */
export function QueryCard({ query }: { query: PublicQuery }) {
  const [panel, setPanel] = useState<Panel>(null);
  const { t } = useT('queries');
  const format = useFormat();
  const similar = useSimilarResponses(query.search, panel === 'similar');
  const direct = useDirectResponses(query._id, panel === 'direct');
  const toggle = (next: Panel) => setPanel((current) => (current === next ? null : next));
  const panelId = `query-${query._id}-panel`;
  // An asker who deleted their data is no longer named (decision 040).
  const asker = query.user.name || t('formerMember');

  return (
    <li className="card stack query-card">
      <h3 className="query-card__text">
        <Link to={paths.question(query._id)}>{query.search}</Link>
      </h3>
      <p className="query-card__meta">
        {t('askedBy', { name: asker })}
        {query.scopeName ? t('askedTo', { name: query.scopeName }) : ''}
        {t('responses', { count: query.responses })}
      </p>
      <div className="query-card__actions">
        <Link
          className="link-button"
          to={socialPaths.addReview(query.scope, query.scopeUserId, query._id)}
          aria-label={t('answerNowLabel', { query: query.search })}
        >
          {t('answerNow')}
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
              ? t('similarResponses')
              : name === 'direct'
                ? t('directResponses')
                : t('exploreDetails')}
          </Button>
        ))}
      </div>
      <div id={panelId}>
        {panel === 'similar' ? (
          <ResponseList
            label={t('similarResponses')}
            isPending={similar.isPending}
            error={similar.error}
            posts={similar.data}
            onRetry={() => void similar.refetch()}
          />
        ) : null}
        {panel === 'direct' ? (
          <ResponseList
            label={t('directResponses')}
            isPending={direct.isPending}
            error={direct.error}
            posts={direct.data}
            onRetry={() => void direct.refetch()}
          />
        ) : null}
        {panel === 'details' ? (
          <dl className="query-card__details">
            <dt>{t('detailQuery')}</dt>
            <dd>{query.search}</dd>
            <dt>{t('detailAskedBy')}</dt>
            <dd>{asker}</dd>
            <dt>{t('detailAskedTo')}</dt>
            <dd>{query.scopeName ?? t('anyone')}</dd>
            <dt>{t('detailAskedOn')}</dt>
            <dd>{format.date(query.createdAt)}</dd>
            <dt>{t('detailResponses')}</dt>
            <dd>{format.number(query.responses)}</dd>
          </dl>
        ) : null}
      </div>
    </li>
  );
}
