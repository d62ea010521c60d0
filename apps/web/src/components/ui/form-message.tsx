import type { ReactNode, Ref } from 'react';
import './form-kit.css';

/**
 * A server's answer shown on the form. Focus moves here after the answer (see useFormKit), which is
 * what announces it; a role="alert" as well would make screen readers say it twice.
 */
export function FormMessage({
  children,
  messageRef,
  tone = 'error',
}: {
  children: ReactNode;
  messageRef: Ref<HTMLElement>;
  tone?: 'error' | 'success';
}) {
  if (children === null || children === undefined || children === '' || children === false) return null;
  return (
    <p
      ref={messageRef as Ref<HTMLParagraphElement>}
      tabIndex={-1}
      className={`form-message form-message--${tone}`}
    >
      {children}
    </p>
  );
}
