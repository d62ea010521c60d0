import { useId, type ButtonHTMLAttributes } from 'react';
import './button.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  /** Shows a busy state and blocks clicks while an action runs. */
  loading?: boolean;
  /**
   * Why the button does nothing now. It stays focusable and says so (aria-disabled and a
   * description) instead of a silent `disabled` that keyboard users cannot even reach.
   */
  disabledReason?: string | null | undefined;
}

export function Button({
  variant = 'primary',
  loading = false,
  disabled,
  className,
  type = 'button',
  children,
  onClick,
  disabledReason,
  ...rest
}: ButtonProps) {
  const reasonId = useId();
  const blocked = loading || Boolean(disabledReason);
  return (
    <>
      <button
        {...rest}
        type={type}
        className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
        disabled={disabled}
        // Busy buttons stay focusable (a disabled one drops keyboard focus to <body>) but ignore presses.
        aria-disabled={blocked || undefined}
        aria-describedby={disabledReason ? reasonId : rest['aria-describedby']}
        aria-busy={loading || undefined}
        onClick={(event) => {
          if (blocked) {
            event.preventDefault();
            return;
          }
          onClick?.(event);
        }}
      >
        {loading ? <span className="button__spinner" aria-hidden="true" /> : null}
        {children}
      </button>
      {disabledReason ? (
        <span id={reasonId} className="visually-hidden">
          {disabledReason}
        </span>
      ) : null}
    </>
  );
}
