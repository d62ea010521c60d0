import './feedback.css';

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span className="spinner" role="img" aria-label={label}>
      <span className="spinner__ring" aria-hidden="true" />
    </span>
  );
}

/** A whole region that is waiting for data. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="feedback" role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <p className="feedback__text">{label}</p>
    </div>
  );
}
