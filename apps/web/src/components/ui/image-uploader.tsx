import { useEffect, useEffectEvent, useId } from 'react';
import { MESSAGES, type Media } from '@app/domain';
import { useUpload, type UploadItem } from '../../lib/use-upload';
import { Button } from './button';
import './image-uploader.css';

export interface ImageUploaderProps {
  label?: string;
  /** Called with every successfully uploaded image whenever the list changes. */
  onChange?: (media: Media[]) => void;
  disabled?: boolean;
  /** The file types offered; images by default (invoices take any file). */
  accept?: string;
}

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  compressing: 'Preparing…',
  uploading: 'Uploading…',
  done: 'Uploaded',
  error: MESSAGES.uploadFailed,
};

export function ImageUploader({
  label = 'Images',
  onChange,
  disabled,
  accept = 'image/*',
}: ImageUploaderProps) {
  const inputId = useId();
  const { items, uploaded, addFiles, retry, remove } = useUpload();

  // `uploaded` is a new array each render; compare by url so the parent is told only on real changes.
  const uploadedKey = uploaded.map((media) => media.url).join('\n');
  const notifyChange = useEffectEvent(() => onChange?.(uploaded));
  useEffect(() => notifyChange(), [uploadedKey]);

  return (
    <div className="uploader">
      <label className="uploader__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="uploader__input"
        type="file"
        accept={accept || undefined}
        multiple
        disabled={disabled}
        onChange={(event) => {
          if (event.target.files) addFiles(event.target.files);
          // Clearing lets the same file be chosen again after removing it.
          event.target.value = '';
        }}
      />
      {items.length > 0 ? (
        <ul className="uploader__list">
          {items.map((item) => (
            <li key={item.id} className={`uploader__item uploader__item--${item.status}`}>
              <span className="uploader__name">{item.file.name}</span>
              <div
                className="uploader__bar"
                role="progressbar"
                aria-label={`Upload of ${item.file.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={item.progress}
              >
                <span className="uploader__bar-fill" style={{ width: `${item.progress}%` }} />
              </div>
              <span className="uploader__status" role={item.status === 'error' ? 'alert' : undefined}>
                {STATUS_TEXT[item.status]}
              </span>
              <span className="uploader__actions">
                {item.status === 'error' ? (
                  <Button variant="secondary" onClick={() => retry(item.id)}>
                    Retry
                  </Button>
                ) : null}
                <Button
                  variant="ghost"
                  onClick={() => remove(item.id)}
                  aria-label={`Remove ${item.file.name}`}
                >
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
