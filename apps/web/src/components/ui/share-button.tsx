import { Button } from './button';
import { useToast } from './toast';
import { useT } from '../../lib/i18n/translate';

/**
 * Shares a link through the device's share sheet (Web Share API) or, where there is none, copies
 * it and says so in a toast. The button's name says what it shares: "Share: <title>". `url` may be
 * a path on this site.
 */
export function ShareButton({
  url,
  title,
  label,
  className,
}: {
  url: string;
  title: string;
  label?: string;
  className?: string;
}) {
  const { t } = useT('ui');
  const toast = useToast();
  const name = label ?? t('share');
  const share = async () => {
    // Resolved on click: a page drawn on the server (a shared product) has no address to read then.
    const href = new URL(url, window.location.href).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ url: href, title });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        console.warn('Share failed', error);
      }
    }
    try {
      await navigator.clipboard.writeText(href);
      toast.showSuccess(t('linkCopied'));
    } catch (error) {
      // Clipboard access can be refused (insecure origin, permissions): the link is in the message.
      console.warn('Copy failed', error);
      toast.showError(t('linkNotCopied', { url: href }));
    }
  };
  return (
    <Button
      variant="secondary"
      className={className}
      onClick={() => void share()}
      aria-label={t('shareWhat', { label: name, title })}
    >
      {name}
    </Button>
  );
}
