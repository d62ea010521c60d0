import { useState } from 'react';
import { Link } from 'react-router';
import type { ContributionChoice, DeletionSummary } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/feedback-state';
import { PasswordField } from '../../../components/ui/password-field';
import { richText } from '../../../components/ui/rich-text';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
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
  const { t } = useT('account');
  const [deleted, setDeleted] = useState<DeletionSummary | null>(null);
  const user = useCurrentUser();
  if (!deleted && !user) {
    return (
      <section className="page stack">
        <title>{t('myDataTitle')}</title>
        <h1>{t('yourDataAndPrivacy')}</h1>
        <p>
          {richText((values) => t('myDataSignedOut', values), {
            login: (
              <Link to={paths.login} state={{ from: paths.myData }}>
                {t('logIn')}
              </Link>
            ),
            code: <Link to={paths.visitorData}>{t('useCodeSentToContact')}</Link>,
          })}
        </p>
      </section>
    );
  }
  if (deleted) {
    return (
      <section className="page stack">
        <title>{t('accountDeletedTitle')}</title>
        <h1>{t('accountDeleted')}</h1>
        <DeletedSummary summary={deleted} />
        <p>
          <Link to={paths.home}>{t('backHome')}</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="page stack">
      <title>{t('myDataTitle')}</title>
      <h1>{t('yourDataAndPrivacy')}</h1>
      <section className="card stack" aria-labelledby="download-heading">
        <h2 id="download-heading">{t('downloadMyData')}</h2>
        <p>{t('downloadIntro')}</p>
        <DownloadData request={() => ({ kind: 'session' })} />
      </section>
      <StopMessages />
      <DeleteAccount onDeleted={setDeleted} />
      <p>
        {richText((values) => t('readPolicy', values), {
          link: <Link to={paths.privacyPolicy}>{t('privacyPolicy')}</Link>,
        })}
      </p>
    </section>
  );
}

function StopMessages() {
  const { t } = useT('account');
  const stop = useStopOptionalMessages();
  return (
    <section className="card stack" aria-labelledby="stop-heading">
      <h2 id="stop-heading">{t('messages')}</h2>
      <p>{t('stopIntro')}</p>
      <p>
        <Button variant="secondary" loading={stop.isPending} onClick={() => stop.mutate()}>
          {t('stopOptional')}
        </Button>
      </p>
      <div role="status">{stop.isSuccess ? t('optionalStopped') : null}</div>
      {stop.isError ? <p role="alert">{stop.error.message}</p> : null}
    </section>
  );
}

function DeleteAccount({ onDeleted }: { onDeleted: (summary: DeletionSummary) => void }) {
  const { t } = useT('account');
  const check = useDeletionCheck();
  const remove = useDeleteAccount();
  const [choice, setChoice] = useState<ContributionChoice | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const missing: Record<string, string> = {};
    if (!choice) missing.contributions = t('chooseContributions');
    if (!password) missing.password = t('enterPassword');
    setErrors(missing);
    if (!choice || !password) return;
    try {
      const answer = await remove.mutateAsync({ password, contributions: choice });
      // The session ended with the account: the browser forgets it too.
      clearStorage();
      onDeleted(answer.data);
    } catch (failure) {
      setErrors(
        isApiError(failure) ? { ...failure.errors, form: failure.message } : { form: t('couldNotDelete') },
      );
      void check.refetch();
    }
  };

  return (
    <section className="card stack" aria-labelledby="delete-heading">
      <h2 id="delete-heading">{t('deleteMyAccount')}</h2>
      <RetentionNote />
      {check.isPending ? (
        <LoadingState label={t('checkingOrders')} />
      ) : check.isError ? (
        <ErrorState
          title={t('couldNotCheckAccount')}
          message={check.error.message}
          onRetry={() => void check.refetch()}
        />
      ) : check.data.data.blockers.length ? (
        <div role="alert">
          <p>{t('cannotDeleteYet')}</p>
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
            label={t('yourPassword')}
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
              {t('deleteMyAccount')}
            </Button>
          </p>
        </form>
      )}
    </section>
  );
}
