import { ErrorState } from '../../../components/ui/feedback-state';
import { LoadingState } from '../../../components/ui/spinner';
import { useDeletionRequests } from '../api/privacy-api';
import '../components/privacy.css';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The admin's list of account deletions: who (masked), how, and whether each was carried out. */
export default function DeletionRequestsPage() {
  const requests = useDeletionRequests();
  return (
    <section className="page stack">
      <title>Deletion requests | Revuhub</title>
      <h1>Account deletion requests</h1>
      {requests.isPending ? (
        <LoadingState label="Loading deletion requests…" />
      ) : requests.isError ? (
        <ErrorState
          title="Could not load deletion requests"
          message={requests.error.message}
          onRetry={() => void requests.refetch()}
        />
      ) : requests.data.data.length === 0 ? (
        <p>No one has asked to delete an account yet.</p>
      ) : (
        <table className="privacy__table">
          <thead>
            <tr>
              <th scope="col">Asked</th>
              <th scope="col">Account</th>
              <th scope="col">How</th>
              <th scope="col">Posts and queries</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {requests.data.data.map((r) => (
              <tr key={r._id}>
                <td>{when(r.requestedAt)}</td>
                <td>
                  {r.account} ({r.role})
                </td>
                <td>{r.via === 'code' ? 'Code to contact' : 'Signed in'}</td>
                <td>{r.contributions === 'remove' ? 'Removed' : 'Anonymised'}</td>
                <td>
                  {r.state === 'completed' && r.completedAt ? (
                    <>Completed {when(r.completedAt)}</>
                  ) : (
                    <>Refused: {r.reasons.join(' ')}</>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
