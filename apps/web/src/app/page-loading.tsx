import { LoadingState } from '../components/ui/spinner';

/** Shown while a route's code loads for the first time. */
export function PageLoading() {
  return (
    <div className="page">
      <LoadingState label="Loading page…" />
    </div>
  );
}
