import { useEffect, useState } from 'react';

export interface DevicePosition {
  latitude: number;
  longitude: number;
}

export type DeviceLocation =
  | { status: 'idle' }
  | { status: 'fetching' }
  | { status: 'found'; position: DevicePosition }
  | { status: 'failed' };

type Answer = Extract<DeviceLocation, { status: 'found' | 'failed' }>;

/**
 * The device position, asked for only when `wanted` (a service provider's form). A failure calls
 * `onFailure` (the spec's alert); `retry` asks again.
 */
export function useDeviceLocation(wanted: boolean, onFailure: () => void) {
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ attempt: number; value: Answer } | null>(null);
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;

  useEffect(() => {
    if (!wanted) return;
    if (!supported) {
      onFailure();
      return;
    }
    let cancelled = false;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (cancelled) return;
        setAnswer({
          attempt,
          value: { status: 'found', position: { latitude: coords.latitude, longitude: coords.longitude } },
        });
      },
      () => {
        if (cancelled) return;
        setAnswer({ attempt, value: { status: 'failed' } });
        onFailure();
      },
      { timeout: 15_000, maximumAge: 5 * 60 * 1000 },
    );
    return () => {
      cancelled = true;
    };
    // onFailure is an alert: asking again follows the option and the attempt, not its identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, attempt, supported]);

  const location: DeviceLocation = !wanted
    ? { status: 'idle' }
    : !supported
      ? { status: 'failed' }
      : answer?.attempt === attempt
        ? answer.value
        : { status: 'fetching' };
  return { location, retry: () => setAttempt((a) => a + 1) };
}
