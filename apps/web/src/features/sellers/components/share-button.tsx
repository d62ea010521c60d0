import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';

/** Shares a link through the device's share sheet, or copies it ("Copied!"). */
export function ShareButton({ url, title, label }: { url: string; title: string; label?: string }) {
  const { t } = useT('stores');
  const name = label ?? t('share');
  const [copied, setCopied] = useState(false);
  const share = async () => {
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ url, title });
        return;
      }
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch (error) {
      console.warn('Share failed', error);
    }
  };
  return (
    <Button
      variant="secondary"
      onClick={() => void share()}
      aria-label={t('shareWhat', { label: name, title })}
    >
      {copied ? t('copied') : name}
    </Button>
  );
}
