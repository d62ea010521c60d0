import type { ReactNode } from 'react';
import { Button } from './button';
import './feedback.css';

interface FeedbackProps {
  title: string;
  children?: ReactNode;
}

export function EmptyState({ title, children }: FeedbackProps) {
  return (
    <div className="feedback feedback--empty">
      <p className="feedback__title">{title}</p>
      {children}
    </div>
  );
}

export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
  children,
}: Partial<FeedbackProps> & { message?: string; onRetry?: () => void }) {
  return (
    <div className="feedback feedback--error" role="alert">
      <p className="feedback__title">{title}</p>
      {message ? <p className="feedback__text">{message}</p> : null}
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
      {children}
    </div>
  );
}
