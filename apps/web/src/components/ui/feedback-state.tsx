import type { ReactNode } from 'react';
import { Button } from './button';
import './feedback.css';
import { useT } from '../../lib/i18n/translate';

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
  title,
  message,
  onRetry,
  children,
  announce = true,
  titleAs = 'p',
}: Partial<FeedbackProps> & {
  /** 'h1' when the error is all the page shows, so the page still has its one heading. */
  titleAs?: 'p' | 'h1' | 'h2';
  message?: string;
  onRetry?: () => void;
  /** False when a dialog already says the same, so it is heard once. */
  announce?: boolean;
}) {
  const Title = titleAs;
  const { t } = useT('ui');
  return (
    <div className="feedback feedback--error" role={announce ? 'alert' : undefined}>
      <Title className="feedback__title">{title ?? t('somethingWrong')}</Title>
      {message ? <p className="feedback__text">{message}</p> : null}
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('tryAgain')}
        </Button>
      ) : null}
      {children}
    </div>
  );
}
