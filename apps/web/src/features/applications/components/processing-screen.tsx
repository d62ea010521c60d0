import { MESSAGES } from '@app/domain';
import type { UploadItem } from '../../../lib/use-upload';

/** Spec section 2: shown instead of the form while images are compressed and uploaded. */
export function ProcessingScreen({ items }: { items: readonly UploadItem[] }) {
  const active = items.filter((item) => item.status === 'compressing' || item.status === 'uploading');
  return (
    <div className="card processing" role="status" aria-live="polite">
      <p className="processing__title">{MESSAGES.processing}</p>
      <ul className="processing__list">
        {active.map((item) => (
          <li key={item.id}>
            <span>
              {item.file.name}: {item.status === 'compressing' ? 'compressing' : `${item.progress}%`}
            </span>
            <div
              className="processing__bar"
              role="progressbar"
              aria-label={`Upload of ${item.file.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={item.progress}
            >
              <span className="processing__bar-fill" style={{ width: `${item.progress}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
