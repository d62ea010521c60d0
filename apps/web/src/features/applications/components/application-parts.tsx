import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { APPROVAL_MESSAGES, ONE_TIME_PASSWORD_VALID_DAYS } from '@app/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/form-message';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field';
import { paths } from '../../../lib/routes';
import { defaultPasswordText, submitErrorText } from '../server-errors';
import type { SubmitOutcome } from '../api/use-application-submit';
import { ContactVerification } from './contact-verification';
import './applications.css';

/**
 * Replaces a form once the account exists. The applicant proves the e-mail with the code sent there;
 * the one-time password then goes to the same place and the panel says where, never what.
 */
export function ThankYouPanel({
  title = 'Thank you for applying!',
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
  const heading = useRef<HTMLHeadingElement>(null);
  const [passwordSentTo, setPasswordSentTo] = useState<string | null>(null);
  // The form the user was in is gone; move focus to the news so keyboard and screen readers follow.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="card stack application__thanks" aria-labelledby="application-thanks-title">
      <h2 id="application-thanks-title" ref={heading} tabIndex={-1}>
        {outcome.reapplied ? 'Your application was sent again' : title}
      </h2>
      {outcome.reapplied ? (
        <>
          <p role="status">{APPROVAL_MESSAGES.pending}.</p>
          <p>{APPROVAL_MESSAGES.pendingDetail}</p>
          <p>
            <Link className="link-button" to={paths.myAccount}>
              Go to My Account
            </Link>
          </p>
        </>
      ) : (
        <p>Your account has been saved.</p>
      )}
      {outcome.reapplied ? null : passwordSentTo ? (
        <>
          <p className="application__password" role="status">
            {defaultPasswordText(passwordSentTo)}
          </p>
          <p>
            Log in with your e-mail and that password within {ONE_TIME_PASSWORD_VALID_DAYS} days, then change
            it to one of your own.
          </p>
          {children}
          <p>
            <Link className="link-button" to={paths.login} state={email ? { email } : undefined}>
              Go to login
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
  if (!message) return null;
  return <FormMessage messageRef={messageRef}>{submitErrorText(message)}</FormMessage>;
}

/** Status line under a select whose options come from the API; null once the list is there. */
export function lookupHint({
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
}): ReactNode {
  if (waitingFor) return waitingFor;
  if (isError) {
    return (
      <span className="application__lookup-error" role="alert">
        Could not load the list.{' '}
        <Button variant="ghost" className="application__retry" onClick={onRetry}>
          Try again
        </Button>
      </span>
    );
  }
  if (isPending) return 'Loading…';
  return null;
}

/** Why Submit cannot send yet: the spec keeps it unavailable until the required fields are filled. */
export function missingFieldsReason(filled: readonly boolean[], extra?: string | null): string | null {
  const missing = filled.filter((value) => !value).length;
  if (missing > 0) {
    return missing === 1 ? '1 required field is still empty.' : `${missing} required fields are still empty.`;
  }
  return extra ?? null;
}

type FieldProps = Omit<TextFieldProps, 'label'>;

/** The e-mail box every applicant form starts with. */
export function EmailField(props: FieldProps) {
  return (
    <TextField
      label="E-mail"
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
  return (
    <TextField
      label="Contact number"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      hint="10 digits; +91, spaces and dashes are fine"
      maxLength={20}
      {...props}
    />
  );
}
