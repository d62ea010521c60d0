import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ONE_TIME_PASSWORD_VALID_DAYS } from '@app/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
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
  children,
}: {
  title?: string;
  outcome: SubmitOutcome;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [passwordSentTo, setPasswordSentTo] = useState<string | null>(null);
  // The form the user was in is gone; move focus to the news so keyboard and screen readers follow.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="card stack application__thanks" aria-labelledby="application-thanks-title">
      <h2 id="application-thanks-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p>Your account has been saved.</p>
      {passwordSentTo ? (
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
            <Link className="link-button" to={paths.login}>
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

export function SubmitErrorBanner({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="application__error" role="alert">
      {submitErrorText(message)}
    </p>
  );
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

export function SubmitButton({
  disabled,
  submitting,
  children = 'Submit',
}: {
  disabled: boolean;
  submitting: boolean;
  children?: ReactNode;
}) {
  return (
    <Button type="submit" disabled={disabled || submitting} aria-busy={submitting || undefined}>
      {submitting ? 'Submitting…' : children}
    </Button>
  );
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
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={10}
      {...props}
    />
  );
}
