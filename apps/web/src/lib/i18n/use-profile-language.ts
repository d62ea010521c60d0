import { useEffect, useRef } from 'react';
import { useCurrentUser } from '../session';
import { setLanguage } from './language';

/**
 * After a sign-in, the language saved on the account wins over this browser's: the person chose it
 * (perhaps on another device). Only on the sign-in itself: a session already open keeps whatever
 * was switched to since (the stored profile is not updated by the switch).
 */
export function useProfileLanguage() {
  const user = useCurrentUser();
  const seen = useRef<string | null | undefined>(undefined);
  const id = user?._id ?? null;
  const saved = user?.profile.language;
  useEffect(() => {
    const first = seen.current === undefined;
    const changed = seen.current !== id;
    seen.current = id;
    if (!first && changed && id && saved) setLanguage(saved);
  }, [id, saved]);
}
