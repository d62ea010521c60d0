import { useEffect, useState } from 'react';
import { INFLUENCER_FALLBACK_LOCATION } from './review-payload';

export type DeviceLocation =
  | { status: 'idle' }
  | { status: 'fetching' }
  | { status: 'found'; latitude: number; longitude: number }
  | { status: 'failed'; latitude: number; longitude: number };

/**
 * The device's position, asked for on mount when `enabled`. A failure keeps the form usable with
 * the spec's fallback coordinates and tells the user (spec: "Geolocation not supported").
 */
export function useDeviceLocation(enabled: boolean): DeviceLocation {
  const [location, setLocation] = useState<DeviceLocation>(() => {
    if (!enabled) return { status: 'idle' };
    if (!('geolocation' in navigator)) return { status: 'failed', ...INFLUENCER_FALLBACK_LOCATION };
    return { status: 'fetching' };
  });
  useEffect(() => {
    if (!enabled || !('geolocation' in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setLocation({
          status: 'found',
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
        }),
      () => setLocation({ status: 'failed', ...INFLUENCER_FALLBACK_LOCATION }),
      { timeout: 10_000, maximumAge: 5 * 60 * 1000 },
    );
  }, [enabled]);
  return location;
}
