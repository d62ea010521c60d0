import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { ONE_TIME_PASSWORD_VALID_DAYS } from '@app/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/form-message';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field';
import { useT, type TFunction } from '../../../lib/i18n';
import { paths } from '../../../lib/routes';
import type { SubmitOutcome } from '../api/use-application-submit';
import { ContactVerification } from './contact-verification';
import './applications.css';

/**
 * Replaces a form once the account exists. The applicant proves the e-mail with the code sent there;
 * the one-time password then goes to the same place and the panel says where, never what.
 */
export function ThankYouPanel({
  title,
  outcome,
  email,
  children,
}: {
  title?: string;
  outcome: SubmitOutcome;
  /** Handed to the login page so the user only types the password. */
  email?: string;
  children?: ReactNode;
}) {
  const { t } = useT('applications');
  const heading = useRef<HTMLHeadingElement>(null);
  const [passwordSentTo, setPasswordSentTo] = useState<string | null>(null);
  // The form the user was in is gone; move focus to the news so keyboard and screen readers follow.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="card stack application__thanks" aria-labelledby="application-thanks-title">
      <h2 id="application-thanks-title" ref={heading} tabIndex={-1}>
        {outcome.reapplied ? t('sentAgain') : (title ?? t('thanksForApplying'))}
      </h2>
      {outcome.reapplied ? (
        <>
          <p role="status">{t('approvalPending')}</p>
          <p>{t('approvalPendingDetail')}</p>
          <p>
            <Link className="link-button" to={paths.myAccount}>
              {t('goToMyAccount')}
            </Link>
          </p>
        </>
      ) : (
        <p>{t('accountSaved')}</p>
      )}
      {outcome.reapplied ? null : passwordSentTo ? (
        <>
          <p className="application__password" role="status">
            {t('defaultPassword', { sentTo: passwordSentTo })}
          </p>
          <p>{t('logInWithin', { days: ONE_TIME_PASSWORD_VALID_DAYS })}</p>
          {children}
          <p>
            <Link className="link-button" to={paths.login} state={email ? { email } : undefined}>
              {t('goToLogin')}
            </Link>
          </p>
        </>
      ) : (
        <ContactVerification outcome={outcome} onVerified={setPasswordSentTo} />
      )}
    </div>
  );
}

/** The spec's "Error detected- …" line; it takes focus after the answer (see useFormKit). */
export function SubmitErrorBanner({
  message,
  messageRef,
}: {
  message: string | null;
  messageRef: Ref<HTMLElement>;
}) {
  const { t } = useT('applications');
  if (!message) return null;
  return <FormMessage messageRef={messageRef}>{t('submitError', { message })}</FormMessage>;
}

/** Status line under a select whose options come from the API; null once the list is there. */
export function lookupHint(
  t: TFunction,
  {
    isPending,
    isError,
    onRetry,
    waitingFor,
  }: {
    isPending: boolean;
    isError: boolean;
    onRetry: () => void;
    /** Shown when the list depends on another choice that is not made yet. */
    waitingFor?: string | undefined;
  },
): ReactNode {
  if (waitingFor) return waitingFor;
  if (isError) {
    return (
      <span className="application__lookup-error" role="alert">
        {t('couldNotLoadList')}{' '}
        <Button variant="ghost" className="application__retry" onClick={onRetry}>
          {t('tryAgain')}
        </Button>
      </span>
    );
  }
  if (isPending) return t('loading');
  return null;
}

/** Why Submit cannot send yet: the spec keeps it unavailable until the required fields are filled. */
export function missingFieldsReason(
  t: TFunction,
  filled: readonly boolean[],
  extra?: string | null,
): string | null {
  const missing = filled.filter((value) => !value).length;
  if (missing > 0) return t('fieldsEmpty', { count: missing });
  return extra ?? null;
}

type FieldProps = Omit<TextFieldProps, 'label'>;

/** The e-mail box every applicant form starts with. */
export function EmailField(props: FieldProps) {
  const { t } = useT('applications');
  return (
    <TextField
      label={t('email')}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

/** The 10-digit contact number box of every applicant form. */
export function ContactNumberField(props: FieldProps) {
  const { t } = useT('applications');
  return (
    <TextField
      label={t('contactNumber')}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      hint={t('contactNumberHint')}
      maxLength={20}
      {...props}
    />
  );
}
