import { Button } from './button';
import { useToast } from './toast';
import { useT } from '../../lib/i18n/translate';

/**
 * Shares a link through the device's share sheet (Web Share API) or, where there is none, copies
 * it and says so in a toast. The button's name says what it shares: "Share: <title>".
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
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ url, title });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        console.warn('Share failed', error);
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.showSuccess(t('linkCopied'));
    } catch (error) {
      // Clipboard access can be refused (insecure origin, permissions): the link is in the message.
      console.warn('Copy failed', error);
      toast.showError(t('linkNotCopied', { url }));
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
