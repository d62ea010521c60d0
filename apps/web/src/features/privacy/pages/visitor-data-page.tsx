import { useState } from 'react';
import { Link } from 'react-router';
import { privacyCodeRequestSchema, type ContributionChoice, type DeletionSummary } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { richText } from '../../../components/ui/rich-text';
import { isApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useMessageTranslator } from '../../../lib/i18n/messages';
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
  const { t } = useT('account');
  const translate = useMessageTranslator();
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
      const issue = parsed.error.issues[0]?.message;
      setErrors({ contact: issue === undefined ? t('enterContact') : translate(issue) });
      return;
    }
    setErrors({});
    send.mutate(parsed.data.contact, {
      onError: (failure) => setErrors(isApiError(failure) ? { contact: failure.message } : {}),
    });
  };

  const deleteAccount = async () => {
    if (!choice) {
      setErrors({ contributions: t('chooseContributions') });
      return;
    }
    try {
      const answer = await remove.mutateAsync({ contact, code, contributions: choice });
      setDeleted(answer.data);
    } catch (failure) {
      setErrors(
        isApiError(failure) ? { ...failure.errors, form: failure.message } : { form: t('couldNotDelete') },
      );
    }
  };

  if (deleted) {
    return (
      <section className="page stack">
        <title>{t('dataDeletedTitle')}</title>
        <h1>{t('dataDeleted')}</h1>
        <DeletedSummary summary={deleted} />
      </section>
    );
  }
  return (
    <section className="page stack">
      <title>{t('visitorDataTitle')}</title>
      <h1>{t('downloadOrDelete')}</h1>
      <p>
        {richText((values) => t('visitorIntro', values), {
          link: <Link to={paths.myData}>{t('yourDataAndPrivacy')}</Link>,
        })}
      </p>
      <section className="card stack" aria-labelledby="code-heading">
        <h2 id="code-heading">{t('getCode')}</h2>
        <TextField
          label={t('contactYouUsed')}
          name="contact"
          type="email"
          value={contact}
          onChange={(event) => setContact(event.target.value)}
          error={errors.contact}
        />
        <p>
          <Button variant="secondary" loading={send.isPending} onClick={() => void sendCode()}>
            {t('sendMeCode')}
          </Button>
        </p>
        <div role="status">{send.isSuccess ? send.data.message : null}</div>
      </section>
      <section className="card stack" aria-labelledby="use-heading">
        <h2 id="use-heading">{t('downloadOrDeleteStep')}</h2>
        <TextField
          label={t('sixDigitCode')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errors.code}
        />
        <p className="privacy__note">{t('codeWorksOnce')}</p>
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
            disabledReason={/^\d{6}$/.test(code.trim()) ? null : t('enterCodeFirst')}
            onClick={() => void deleteAccount()}
          >
            {t('deleteMyData')}
          </Button>
        </p>
      </section>
    </section>
  );
}
