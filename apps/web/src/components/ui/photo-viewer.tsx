import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useT } from '../../lib/i18n/translate';
import './photo-viewer.css';

export interface ViewerPhoto {
  /** The full-size file, which the link opens without script too. */
  url: string;
  alt: string;
}

/**
 * Review photos that open full size (issue 39: they were 175 px on a phone and could not be
 * opened). Each thumbnail is a link to its file, so it works before the script and without it; with
 * the script it opens a modal viewer: a native <dialog> (focus held inside, Escape closes, focus
 * back on the thumbnail), with Previous and Next buttons and the arrow keys.
 */
export function PhotoViewer({
  photos,
  className,
  children,
}: {
  photos: readonly ViewerPhoto[];
  className: string;
  /** The thumbnail of photo `index`. */
  children: (photo: ViewerPhoto, index: number) => ReactNode;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const { t } = useT('ui');

  const onOpen = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    // A new tab or window (modifier keys, middle click) gets the file, as links do.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(index);
  };

  return (
    <div className={className}>
      {photos.map((photo, index) => (
        <a
          key={photo.url}
          href={photo.url}
          className="photo-viewer__thumb"
          onClick={(event) => onOpen(event, index)}
          aria-label={t('openPhoto', { name: photo.alt })}
        >
          {children(photo, index)}
        </a>
      ))}
      {open !== null ? (
        <PhotoDialog photos={photos} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
      ) : null}
    </div>
  );
}

function PhotoDialog({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: readonly ViewerPhoto[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const { t } = useT('ui');
  const photo = photos[index]!;
  const many = photos.length > 1;
  const step = (by: number) => onIndex((index + by + photos.length) % photos.length);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement;
    // jsdom lacks showModal; an open non-modal dialog is the closest stand-in there.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="photo-viewer"
      aria-label={photo.alt}
      // Escape closes the native dialog; React's state follows it.
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (!many) return;
        if (event.key === 'ArrowLeft') step(-1);
        else if (event.key === 'ArrowRight') step(1);
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its content) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="photo-viewer__body">
        <img className="photo-viewer__image" src={photo.url} alt={photo.alt} />
        <div className="photo-viewer__bar">
          {many ? (
            <>
              <button type="button" className="photo-viewer__button" onClick={() => step(-1)}>
                {t('previousPhoto')}
              </button>
              <p className="photo-viewer__count" aria-live="polite">
                {t('photoCount', { number: index + 1, count: photos.length })}
              </p>
              <button type="button" className="photo-viewer__button" onClick={() => step(1)}>
                {t('nextPhoto')}
              </button>
            </>
          ) : null}
          <button type="button" className="photo-viewer__button" onClick={onClose} autoFocus>
            {t('closeDialog')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
