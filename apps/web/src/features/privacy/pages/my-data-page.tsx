import { useState } from 'react';
import { Link } from 'react-router';
import type { ContributionChoice, DeletionSummary } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { PasswordField } from '../../../components/ui/password-field';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/routes';
import { useCurrentUser } from '../../../lib/session';
import { clearStorage } from '../../../lib/storage';
import { useDeleteAccount, useDeletionCheck, useStopOptionalMessages } from '../api/privacy-api';
import { ContributionChoiceField } from '../components/contribution-choice';
import { DownloadData } from '../components/download-data';
import { RetentionNote } from '../components/retention-note';
import { DeletedSummary } from '../components/deleted-summary';
import '../components/privacy.css';

/** The signed-in person's privacy page: download what we hold, stop optional messages, delete the account. */
export default function MyDataPage() {
  const [deleted, setDeleted] = useState<DeletionSummary | null>(null);
  const user = useCurrentUser();
  if (!deleted && !user) {
    return (
      <section className="page stack">
        <title>Your data and privacy | Revuhub</title>
        <h1>Your data and privacy</h1>
        <p>
          <Link to={paths.login} state={{ from: paths.myData }}>
            Log in
          </Link>{' '}
          to download your data or delete your account. Posted, asked or bought without a password?{' '}
          <Link to={paths.visitorData}>Use a code sent to your contact</Link>.
        </p>
      </section>
    );
  }
  if (deleted) {
    return (
      <section className="page stack">
        <title>Account deleted | Revuhub</title>
        <h1>Your account is deleted</h1>
        <DeletedSummary summary={deleted} />
        <p>
          <Link to={paths.home}>Back to the home page</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="page stack">
      <title>Your data and privacy | Revuhub</title>
      <h1>Your data and privacy</h1>
      <section className="card stack" aria-labelledby="download-heading">
        <h2 id="download-heading">Download my data</h2>
        <p>
          One ZIP file with your account, posts, queries, orders, consents and the files you uploaded, as we
          hold them.
        </p>
        <DownloadData request={() => ({ kind: 'session' })} />
      </section>
      <StopMessages />
      <DeleteAccount onDeleted={setDeleted} />
      <p>
        Read how we handle your data in the <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
      </p>
    </section>
  );
}

function StopMessages() {
  const stop = useStopOptionalMessages();
  return (
    <section className="card stack" aria-labelledby="stop-heading">
      <h2 id="stop-heading">Messages</h2>
      <p>
        Stop every optional message (answers to your queries, tags, responses) with one click. Codes,
        passwords and messages about your orders are still sent.
      </p>
      <p>
        <Button variant="secondary" loading={stop.isPending} onClick={() => stop.mutate()}>
          Stop optional messages
        </Button>
      </p>
      <div role="status">{stop.isSuccess ? 'You will get no optional messages any more.' : null}</div>
      {stop.isError ? <p role="alert">{stop.error.message}</p> : null}
    </section>
  );
}

function DeleteAccount({ onDeleted }: { onDeleted: (summary: DeletionSummary) => void }) {
  const check = useDeletionCheck();
  const remove = useDeleteAccount();
  const [choice, setChoice] = useState<ContributionChoice | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const missing: Record<string, string> = {};
    if (!choice) missing.contributions = 'Choose what happens to your posts and queries';
    if (!password) missing.password = 'Enter your password';
    setErrors(missing);
    if (!choice || !password) return;
    try {
      const answer = await remove.mutateAsync({ password, contributions: choice });
      // The session ended with the account: the browser forgets it too.
      clearStorage();
      onDeleted(answer.data);
    } catch (failure) {
      setErrors(
        isApiError(failure)
          ? { ...failure.errors, form: failure.message }
          : { form: 'Could not delete; try again' },
      );
      void check.refetch();
    }
  };

  return (
    <section className="card stack" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete my account</h2>
      <RetentionNote />
      {check.isPending ? (
        <LoadingState label="Checking your orders and balances…" />
      ) : check.isError ? (
        <ErrorState
          title="Could not check your account"
          message={check.error.message}
          onRetry={() => void check.refetch()}
        />
      ) : check.data.data.blockers.length ? (
        <div role="alert">
          <p>Your account cannot be deleted yet. First:</p>
          <ul className="privacy__blockers">
            {check.data.data.blockers.map((b) => (
              <li key={`${b.kind}-${b.orderId ?? ''}`}>{b.message}</li>
            ))}
          </ul>
        </div>
      ) : (
        <form
          className="stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <ContributionChoiceField value={choice} onChange={setChoice} error={errors.contributions} />
          <PasswordField
            label="Your password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
          />
          {errors.form && !errors.password ? (
            <p role="alert" className="privacy__error">
              {errors.form}
            </p>
          ) : null}
          <p>
            <Button type="submit" loading={remove.isPending}>
              Delete my account
            </Button>
          </p>
        </form>
      )}
    </section>
  );
}
