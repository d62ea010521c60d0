import type { DeletionSummary } from '@app/domain';
import { RetentionNote } from './retention-note';

/** What a deletion did, in words. */
export function DeletedSummary({ summary }: { summary: DeletionSummary }) {
  const posts = summary.postsAnonymised
    ? `${summary.postsAnonymised} post(s) kept without your name`
    : `${summary.postsRemoved} post(s) removed`;
  const queries = summary.queriesAnonymised
    ? `${summary.queriesAnonymised} query(ies) kept without your name`
    : `${summary.queriesRemoved} query(ies) removed`;
  return (
    <div className="stack" role="status">
      <p>
        Your contact details are gone and you are signed out everywhere: {posts}; {queries};{' '}
        {summary.ordersKept} order(s) kept without your contact details.
      </p>
      <RetentionNote />
    </div>
  );
}
