import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { paths, socialPaths } from '../../../lib/routes';
import { useT } from '../../../lib/i18n';
import { pageOrigin } from '../../../lib/page-origin';

interface SharePanelProps {
  infId: string;
  postId: string;
  title: string;
  /**
   * The post's author sees "Share your post" and may ask their network to validate it; a reader
   * shares the review with the same link, QR code and WhatsApp, without the author's wording.
   */
  isAuthor: boolean;
}

const whatsApp = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/** Copy link, QR code, share on WhatsApp, share post details and (author) ask the network to validate. */
export function SharePanel({ infId, postId, title, isAuthor }: SharePanelProps) {
  const link = `${pageOrigin()}${paths.post(infId, postId)}`;
  const validateLink = `${pageOrigin()}${socialPaths.tagAny(infId, postId)}`;
  const [copied, setCopied] = useState(false);
  const [copyError, setCopyError] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const [near, setNear] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const { t } = useT('reviews');

  // Drawing the QR code takes a phone's processor a few hundred milliseconds: it is drawn when the
  // panel comes near the screen, not while the page above it is still loading.
  useEffect(() => {
    const element = panel.current;
    if (!element || typeof IntersectionObserver !== 'function') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '300px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!near) return;
    let live = true;
    // The QR library is loaded on demand so it stays out of every other page's JavaScript.
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(link, { margin: 1, width: 200 }))
      .then((url) => {
        if (live) setQr(url);
      })
      .catch((error: unknown) => console.error('QR code failed', error));
    return () => {
      live = false;
    };
  }, [link, near]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setCopyError(false);
    } catch {
      setCopyError(true);
    }
  };

  const details = `${title}\n${link}`;
  const shareDetails = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: title, url: link });
        return;
      } catch {
        // Cancelled or refused: fall back to WhatsApp below.
      }
    }
    window.open(whatsApp(details), '_blank', 'noopener');
  };

  return (
    <section ref={panel} className="card stack share-panel" aria-labelledby="share-panel-title">
      <h2 id="share-panel-title">{isAuthor ? t('shareYourPost') : t('shareThisReview')}</h2>
      <p className="share-panel__link">
        <a href={link}>{link}</a>
      </p>
      <div className="share-panel__actions">
        <Button onClick={() => void copy()} aria-live="polite">
          {copied ? t('copied') : t('copyLink')}
        </Button>
        <a className="link-button" href={whatsApp(link)} target="_blank" rel="noopener noreferrer">
          {t('shareWhatsApp')}
        </a>
        <Button variant="secondary" onClick={() => void shareDetails()}>
          {isAuthor ? t('sharePostDetails') : t('shareReviewDetails')}
        </Button>
        {isAuthor ? (
          <a
            className="link-button"
            href={whatsApp(t('pleaseValidate', { link: validateLink }))}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('askNetwork')}
          </a>
        ) : null}
      </div>
      {copyError ? <p role="alert">{t('couldNotCopy')}</p> : null}
      {qr ? (
        <img className="share-panel__qr" src={qr} alt={t('qrCode')} width={200} height={200} />
      ) : (
        // Its place is kept, so the page does not move when the code appears.
        <div className="share-panel__qr" aria-hidden="true" />
      )}
    </section>
  );
}
