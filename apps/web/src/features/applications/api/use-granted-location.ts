import { useEffect, useState } from 'react';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * The device location when the visitor has already allowed it, without prompting: the expert form
 * only sends it as a hint and falls back to the spec's default coordinates.
 */
export function useGrantedLocation(): Coordinates | undefined {
  const [location, setLocation] = useState<Coordinates>();

  useEffect(() => {
    let cancelled = false;
    if (!('geolocation' in navigator) || !('permissions' in navigator)) return;
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((status) => {
        if (cancelled || status.state !== 'granted') return;
        navigator.geolocation.getCurrentPosition(
          ({ coords }) => {
            if (!cancelled) setLocation({ latitude: coords.latitude, longitude: coords.longitude });
          },
          () => console.log('Unable to retrieve your location'),
          { timeout: 5000, maximumAge: 10 * 60 * 1000 },
        );
      })
      .catch(() => {
        // Permissions API unavailable for geolocation: keep the defaults.
      });
    return () => {
      cancelled = true;
    };
  }, []);

  return location;
}
