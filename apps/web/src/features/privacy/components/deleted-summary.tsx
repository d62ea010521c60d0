import type { DeletionSummary } from '@app/domain';
import { RetentionNote } from './retention-note';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a deletion did, in words. */
export function DeletedSummary({ summary }: { summary: DeletionSummary }) {
  const posts = summary.postsAnonymised
    ? `${count(summary.postsAnonymised, 'post', 'posts')} kept without your name`
    : `${count(summary.postsRemoved, 'post', 'posts')} removed`;
  const queries = summary.queriesAnonymised
    ? `${count(summary.queriesAnonymised, 'query', 'queries')} kept without your name`
    : `${count(summary.queriesRemoved, 'query', 'queries')} removed`;
  return (
    <div className="stack" role="status">
      <p>
        Your contact details are gone and you are signed out everywhere: {posts}; {queries};{' '}
        {count(summary.ordersKept, 'order', 'orders')} kept without your contact details.
      </p>
      <RetentionNote />
    </div>
  );
}
