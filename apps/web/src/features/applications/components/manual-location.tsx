import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';

/** "12.9352, 77.6245" or "12.9352 77.6245" as latitude and longitude; null when not a place on Earth. */
export function parseMapPosition(text: string): { latitude: number; longitude: number } | null {
  const parts = text
    .trim()
    .split(/[\s,;]+/)
    .filter(Boolean);
  if (parts.length !== 2) return null;
  const [latitude, longitude] = parts.map(Number) as [number, number];
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/**
 * The store's place without the browser's location permission: any map app shows a dropped pin's
 * two numbers, which the retailer pastes here. Refusing the permission no longer blocks applying.
 */
export function ManualLocation({ onPlace }: { onPlace: (latitude: number, longitude: number) => void }) {
  const { t } = useT('applications');
  const hintId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  const apply = () => {
    const position = parseMapPosition(text);
    if (!position) {
      setError(t('mapPositionError'));
      return;
    }
    setError(undefined);
    onPlace(position.latitude, position.longitude);
  };

  return (
    <details className="application__manual-location">
      <summary>{t('noLocationAccess')}</summary>
      <div className="stack">
        <p className="field__hint" id={hintId}>
          {t('mapPositionHint')}
        </p>
        <TextField
          label={t('mapPosition')}
          placeholder="12.93520, 77.62450"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={hintId}
          value={text}
          error={error}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter would submit the whole application; here it means "use this position".
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
        />
        <div>
          <Button variant="secondary" onClick={apply}>
            {t('useThisPosition')}
          </Button>
        </div>
      </div>
    </details>
  );
}
