import { useState } from 'react';
import { Button } from './button';
import { useT } from '../../lib/i18n/translate';

/** Copies a text (e.g. the one-time password) and says so in a polite status line. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useT('ui');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch (error) {
      // Clipboard access can be refused (insecure origin, permissions); the text stays selectable.
      console.warn('Copy failed', error);
      setState('failed');
    }
  };
  return (
    <span className="copy-button">
      <Button variant="secondary" onClick={() => void copy()}>
        {label ?? t('copy')}
      </Button>
      <span role="status" className="copy-button__status">
        {state === 'copied' ? t('copied') : state === 'failed' ? t('copyFailed') : ''}
      </span>
    </span>
  );
}
