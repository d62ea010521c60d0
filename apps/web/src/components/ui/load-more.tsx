import { Button } from './button';

/** What the button needs of an infinite list (TanStack Query's useInfiniteQuery answers it). */
interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "More …" under a list that has another page: busy while that page loads. */
export function LoadMore({ list, label }: { list: PagedList; label: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div>
      <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        {label}
      </Button>
    </div>
  );
}
