import { useRef, useState } from 'react';
import type { ReportedPost } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useReportedPosts } from '../api/moderation-api';
import { ModerationPost } from './moderation-post';
import { useFormat, useT } from '../../../lib/i18n';

/** The "Reported" section of /moderatereviews: what people reported, most reported first. */
export function ReportedPosts() {
  const [page, setPage] = useState(1);
  const list = useReportedPosts(page);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { t } = useT('admin');
  const go = (next: number) => {
    setPage(next);
    headingRef.current?.focus();
  };

  return (
    <section className="card stack" aria-labelledby="reported-heading">
      <h2 id="reported-heading" ref={headingRef} tabIndex={-1}>
        {t('reported')}
      </h2>
      {list.isPending ? (
        <LoadingState label={t('loadingReported')} />
      ) : list.isError ? (
        <ErrorState
          title={t('couldNotLoadReported')}
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.Data.length === 0 ? (
        <p>{page === 1 ? t('noReported') : t('noMoreReported')}</p>
      ) : (
        <ul className="moderation__claims" aria-label={t('reportedPosts')}>
          {list.data.Data.map((item) => (
            <li key={item.post._id} className="stack">
              <ModerationPost post={item.post} reports={<ReportSummary item={item} />} />
            </li>
          ))}
        </ul>
      )}
      {page > 1 || list.data?.hasMore ? (
        <nav className="moderation__paging" aria-label={t('reportedPages')}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => go(page - 1)}>
            {t('back')}
          </Button>
          <span aria-live="polite">{t('page', { page })}</span>
          <Button variant="secondary" disabled={!list.data?.hasMore} onClick={() => go(page + 1)}>
            {t('next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

function ReportSummary({ item }: { item: ReportedPost }) {
  const { t } = useT('admin');
  const format = useFormat();
  return (
    <div className="moderation__reports">
      <p>
        <strong>{t('reportedTimes', { count: item.reportCount })}</strong>
        {t('lastOn', { date: format.date(item.lastReportedAt) })}
      </p>
      <ul>
        {item.reasons.map((r, i) => (
          <li key={`${r.createdAt}-${i}`}>
            {t(`reason_${r.reason}`)}
            {r.details ? `: ${r.details}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
