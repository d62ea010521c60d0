import { useRef, useState } from 'react';
import { REPORT_REASON_LABELS, type ReportedPost } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useReportedPosts } from '../api/moderation-api';
import { ModerationPost } from './moderation-post';

/** The "Reported" section of /moderatereviews: what people reported, most reported first. */
export function ReportedPosts() {
  const [page, setPage] = useState(1);
  const list = useReportedPosts(page);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const go = (next: number) => {
    setPage(next);
    headingRef.current?.focus();
  };

  return (
    <section className="card stack" aria-labelledby="reported-heading">
      <h2 id="reported-heading" ref={headingRef} tabIndex={-1}>
        Reported
      </h2>
      {list.isPending ? (
        <LoadingState label="Loading reported posts…" />
      ) : list.isError ? (
        <ErrorState
          title="Could not load reported posts"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.Data.length === 0 ? (
        <p>
          {page === 1 ? 'No reported posts. Reports people send appear here.' : 'No more reported posts.'}
        </p>
      ) : (
        <ul className="moderation__claims" aria-label="Reported posts">
          {list.data.Data.map((item) => (
            <li key={item.post._id} className="stack">
              <ModerationPost post={item.post} reports={<ReportSummary item={item} />} />
            </li>
          ))}
        </ul>
      )}
      {page > 1 || list.data?.hasMore ? (
        <nav className="moderation__paging" aria-label="Reported pages">
          <Button variant="secondary" disabled={page <= 1} onClick={() => go(page - 1)}>
            Back
          </Button>
          <span aria-live="polite">Page {page}</span>
          <Button variant="secondary" disabled={!list.data?.hasMore} onClick={() => go(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

function ReportSummary({ item }: { item: ReportedPost }) {
  return (
    <div className="moderation__reports">
      <p>
        <strong>{`Reported ${item.reportCount} ${item.reportCount === 1 ? 'time' : 'times'}`}</strong>
        {` · last on ${new Date(item.lastReportedAt).toLocaleDateString()}`}
      </p>
      <ul>
        {item.reasons.map((r, i) => (
          <li key={`${r.createdAt}-${i}`}>
            {REPORT_REASON_LABELS[r.reason]}
            {r.details ? `: ${r.details}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
