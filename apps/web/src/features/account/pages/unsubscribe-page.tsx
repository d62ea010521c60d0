import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/routes';
import { useUnsubscribe } from '../api/account-api';

/**
 * Where the link at the end of a message leads. It asks before switching off: mail scanners open
 * every link in a message, and opening the page alone must change nothing.
 */
export default function UnsubscribePage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const unsubscribe = useUnsubscribe();

  return (
    <section className="page stack">
      <title>Stop messages | Revuhub</title>
      <h1>Stop these messages</h1>
      {!token ? (
        <ErrorState title="This link is incomplete" message="Open the link from the message again." />
      ) : unsubscribe.isSuccess ? (
        <div className="card stack" role="status">
          <p>
            Done. You will not get these messages any more: <strong>{unsubscribe.data.data.label}</strong>.
          </p>
          <p>
            Changed your mind? <Link to={paths.myAccount}>Sign in and choose in My Account</Link>.
          </p>
        </div>
      ) : (
        <div className="card stack">
          <p>
            We will stop sending you this kind of message. Codes and messages about your orders still come.
          </p>
          {unsubscribe.isError ? (
            <p role="alert" className="form-message form-message--error">
              {isApiError(unsubscribe.error) ? unsubscribe.error.message : 'Could not do it now; try again.'}
            </p>
          ) : null}
          <div>
            <Button onClick={() => unsubscribe.mutate(token)} disabled={unsubscribe.isPending}>
              {unsubscribe.isPending ? 'Stopping…' : 'Stop these messages'}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
