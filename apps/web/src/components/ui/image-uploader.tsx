import { useEffect, useEffectEvent, useId } from 'react';
import type { Media } from '@app/domain';
import { useT, type TFunction } from '../../lib/i18n/translate';
import { useUpload, type UploadItem, type UploadState } from '../../lib/use-upload';
import { Button } from './button';
import './image-uploader.css';

export interface ImageUploaderProps {
  label?: string;
  /** Called with every successfully uploaded image whenever the list changes. */
  onChange?: (media: Media[]) => void;
  disabled?: boolean;
  /** The file types offered; images by default (invoices take any file). */
  accept?: string;
  /** The form's own upload state, when it must know whether files are still on their way. */
  upload?: UploadState;
  /** Files beyond this are not taken. */
  maxFiles?: number;
}

function statusText(item: UploadItem, t: TFunction): string {
  switch (item.status) {
    case 'compressing':
      return t('uploadPreparing', { progress: item.progress });
    case 'uploading':
      return t('uploadUploading', { progress: item.progress });
    case 'done':
      return t('uploadDone');
    case 'error':
      return t('uploadFailed');
  }
}

/**
 * Picks images and uploads each on its own: a thumbnail, a progress bar, Cancel while it runs,
 * Retry when it failed. Compression runs in a worker, so the rest of the form stays usable.
 */
export function ImageUploader(props: ImageUploaderProps) {
  // A hook cannot be called conditionally; the own state is simply unused when the form passes one.
  const own = useUpload();
  return <ImageUploaderView {...props} upload={props.upload ?? own} />;
}

function ImageUploaderView({
  label,
  onChange,
  disabled,
  upload,
  maxFiles = Number.POSITIVE_INFINITY,
  accept = 'image/*',
}: ImageUploaderProps & { upload: UploadState }) {
  const { t } = useT('ui');
  const inputId = useId();
  const hintId = useId();
  const { items, uploaded, addFiles, retry, remove, isUploading } = upload;
  const remaining = Math.max(maxFiles - items.length, 0);

  // `uploaded` is a new array each render; compare by url so the parent is told only on real changes.
  const uploadedKey = uploaded.map((media) => media.url).join('\n');
  const notifyChange = useEffectEvent(() => onChange?.(uploaded));
  useEffect(() => notifyChange(), [uploadedKey]);

  const done = items.filter((item) => item.status === 'done').length;

  return (
    <div className="uploader">
      <label className="uploader__label" htmlFor={inputId}>
        {label ?? t('images')}
      </label>
      <input
        id={inputId}
        className="uploader__input"
        type="file"
        accept={accept || undefined}
        multiple
        aria-describedby={hintId}
        disabled={disabled || remaining === 0}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []).slice(0, remaining);
          if (files.length > 0) addFiles(files);
          // Clearing lets the same file be chosen again after removing it.
          event.target.value = '';
        }}
      />
      <p className="uploader__hint" id={hintId} role="status">
        {isUploading
          ? `${t('uploadProcessing')} ${t('uploadReady', { done, total: items.length })}`
          : items.length > 0
            ? t('uploadedCount', { done, total: items.length })
            : ''}
      </p>
      {items.length > 0 ? (
        <ul className="uploader__list">
          {items.map((item) => {
            const running = item.status === 'compressing' || item.status === 'uploading';
            return (
              <li key={item.id} className={`uploader__item uploader__item--${item.status}`}>
                {item.previewUrl ? (
                  <img className="uploader__thumb" src={item.previewUrl} alt="" width={56} height={56} />
                ) : (
                  <span className="uploader__thumb" aria-hidden="true" />
                )}
                <span className="uploader__name">{item.file.name}</span>
                <div
                  className="uploader__bar"
                  role="progressbar"
                  aria-label={t(item.status === 'compressing' ? 'preparingFile' : 'uploadOfFile', {
                    name: item.file.name,
                  })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={item.status === 'done' ? 100 : item.progress}
                >
                  <span
                    className="uploader__bar-fill"
                    style={{ width: `${item.status === 'done' ? 100 : item.progress}%` }}
                  />
                </div>
                <span className="uploader__status" role={item.status === 'error' ? 'alert' : undefined}>
                  {statusText(item, t)}
                </span>
                <span className="uploader__actions">
                  {item.status === 'error' ? (
                    <Button variant="secondary" onClick={() => retry(item.id)}>
                      {t('retry')}
                    </Button>
                  ) : null}
                  <Button
                    variant="ghost"
                    onClick={() => remove(item.id)}
                    aria-label={t(running ? 'cancelFile' : 'removeFile', { name: item.file.name })}
                  >
                    {running ? t('cancel') : t('remove')}
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
