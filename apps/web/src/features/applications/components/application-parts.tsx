import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field';
import { paths } from '../../../lib/routes';
import { defaultPasswordText, submitErrorText } from '../server-errors';
import './applications.css';

/** Replaces a form once the account exists; the password is shown this one time only. */
export function ThankYouPanel({
  title = 'Thank you for applying!',
  defaultPassword,
  children,
}: {
  title?: string;
  defaultPassword: string;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the user was in is gone; move focus to the news so keyboard and screen readers follow.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="card stack application__thanks" aria-labelledby="application-thanks-title">
      <h2 id="application-thanks-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p>Your account has been saved.</p>
      <p className="application__password">{defaultPasswordText(defaultPassword)}</p>
      <p>
        Note it down now: it is shown only once. Log in with your e-mail and this password, then change it to
        one of your own.
      </p>
      {children}
      <p>
        <Link className="link-button" to={paths.login}>
          Go to login
        </Link>
      </p>
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
