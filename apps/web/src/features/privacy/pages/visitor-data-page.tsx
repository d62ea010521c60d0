import { useState } from 'react';
import { Link } from 'react-router';
import { privacyCodeRequestSchema, type ContributionChoice, type DeletionSummary } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/routes';
import { useDeleteByCode, useSendPrivacyCode } from '../api/privacy-api';
import { ContributionChoiceField } from '../components/contribution-choice';
import { DeletedSummary } from '../components/deleted-summary';
import { DownloadData } from '../components/download-data';
import { RetentionNote } from '../components/retention-note';
import '../components/privacy.css';

/**
 * For someone who reviewed, asked or bought without setting a password: a code sent to the e-mail
 * or mobile they used lets them download or delete what we hold under it. Each code works once.
 */
export default function VisitorDataPage() {
  const send = useSendPrivacyCode();
  const remove = useDeleteByCode();
  const [contact, setContact] = useState('');
  const [code, setCode] = useState('');
  const [choice, setChoice] = useState<ContributionChoice | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleted, setDeleted] = useState<DeletionSummary | null>(null);

  const sendCode = async () => {
    const parsed = privacyCodeRequestSchema.safeParse({ contact });
    if (!parsed.success) {
      setErrors({ contact: parsed.error.issues[0]?.message ?? 'Enter an e-mail or a 10-digit mobile' });
      return;
    }
    setErrors({});
    send.mutate(parsed.data.contact, {
      onError: (failure) => setErrors(isApiError(failure) ? { contact: failure.message } : {}),
    });
  };

  const deleteAccount = async () => {
    if (!choice) {
      setErrors({ contributions: 'Choose what happens to your posts and queries' });
      return;
    }
    try {
      const answer = await remove.mutateAsync({ contact, code, contributions: choice });
      setDeleted(answer.data);
    } catch (failure) {
      setErrors(
        isApiError(failure)
          ? { ...failure.errors, form: failure.message }
          : { form: 'Could not delete; try again' },
      );
    }
  };

  if (deleted) {
    return (
      <section className="page stack">
        <title>Data deleted | Revuhub</title>
        <h1>What we held under your contact is deleted</h1>
        <DeletedSummary summary={deleted} />
      </section>
    );
  }
  return (
    <section className="page stack">
      <title>Your data without a password | Revuhub</title>
      <h1>Download or delete your data</h1>
      <p>
        Posted a review, asked a query or bought without setting a password? We send a 6-digit code to the
        e-mail or mobile you used. With an account and password, use{' '}
        <Link to={paths.myData}>Your data and privacy</Link> after logging in.
      </p>
      <section className="card stack" aria-labelledby="code-heading">
        <h2 id="code-heading">1. Get a code</h2>
        <TextField
          label="E-mail or mobile you used"
          name="contact"
          type="email"
          value={contact}
          onChange={(event) => setContact(event.target.value)}
          error={errors.contact}
        />
        <p>
          <Button variant="secondary" loading={send.isPending} onClick={() => void sendCode()}>
            Send me a code
          </Button>
        </p>
        <div role="status">{send.isSuccess ? send.data.message : null}</div>
      </section>
      <section className="card stack" aria-labelledby="use-heading">
        <h2 id="use-heading">2. Download or delete</h2>
        <TextField
          label="6-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errors.code}
        />
        <p className="privacy__note">Each code works once: ask for a new one to delete after downloading.</p>
        <DownloadData
          disabled={!/^\d{6}$/.test(code.trim())}
          request={() => ({ kind: 'code', body: { contact, code: code.trim() } })}
          onFailed={(e) => setErrors(e)}
        />
        <RetentionNote />
        <ContributionChoiceField value={choice} onChange={setChoice} error={errors.contributions} />
        {errors.form ? (
          <p role="alert" className="privacy__error">
            {errors.form}
          </p>
        ) : null}
        <p>
          <Button
            loading={remove.isPending}
            disabledReason={/^\d{6}$/.test(code.trim()) ? null : 'Enter the code first'}
            onClick={() => void deleteAccount()}
          >
            Delete my data
          </Button>
        </p>
      </section>
    </section>
  );
}
