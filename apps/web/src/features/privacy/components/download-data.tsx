import { useState } from 'react';
import type { PrivacyCodeExport } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { useT, type TFunction } from '../../../lib/i18n';
import { downloadExport } from '../api/privacy-api';

const size = (t: TFunction, bytes: number) =>
  bytes < 1024 * 1024
    ? t('kilobytes', { size: String(Math.max(1, Math.round(bytes / 1024))) })
    : t('megabytes', { size: (bytes / 1024 / 1024).toFixed(1) });

type State =
  | { step: 'idle' }
  | { step: 'working'; bytes: number }
  | { step: 'done'; bytes: number }
  | { step: 'failed'; message: string };

/**
 * "Download my data": one button, then what is happening (preparing, how much has arrived), and
 * either the saved file's size or what went wrong with a way to try again.
 */
export function DownloadData({
  request,
  disabled = false,
  onFailed,
}: {
  request: () => { kind: 'session' } | { kind: 'code'; body: PrivacyCodeExport };
  disabled?: boolean;
  onFailed?: (errors: Record<string, string>) => void;
}) {
  const { t } = useT('account');
  const [state, setState] = useState<State>({ step: 'idle' });
  const start = async () => {
    setState({ step: 'working', bytes: 0 });
    try {
      const bytes = await downloadExport(request(), (b) => setState({ step: 'working', bytes: b }));
      setState({ step: 'done', bytes });
    } catch (error) {
      const apiErrors = (error as { errors?: Record<string, string> }).errors ?? {};
      onFailed?.(apiErrors);
      setState({ step: 'failed', message: (error as Error).message });
    }
  };
  return (
    <div className="stack">
      <p>
        <Button
          onClick={() => void start()}
          loading={state.step === 'working'}
          disabledReason={disabled ? t('enterCodeFirst') : null}
        >
          {t('downloadMyData')}
        </Button>
      </p>
      <div role="status" aria-live="polite">
        {state.step === 'working' ? (
          <p>
            <progress aria-label={t('downloadProgress')} />{' '}
            {state.bytes ? t('downloadedSoFar', { size: size(t, state.bytes) }) : t('preparingData')}
          </p>
        ) : state.step === 'done' ? (
          <p>{t('dataDownloaded', { size: size(t, state.bytes) })}</p>
        ) : null}
      </div>
      {state.step === 'failed' ? (
        <p role="alert" className="privacy__error">
          {state.message}{' '}
          <Button variant="secondary" onClick={() => void start()}>
            {t('tryAgain')}
          </Button>
        </p>
      ) : null}
    </div>
  );
}
