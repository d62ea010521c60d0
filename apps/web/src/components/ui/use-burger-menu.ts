import { useEffect, useId, useRef, useState } from 'react';
// The zod-free subpath: the landing page loads this hook, and must not load zod (decision 003).
import { WIDE_LAYOUT_MIN_WIDTH } from '@app/domain/constants';

const WIDE_QUERY = `(min-width: ${WIDE_LAYOUT_MIN_WIDTH}px)`;

/**
 * State of a header menu that is always open from 834 px and a burger below: Escape closes it and
 * returns focus to the toggle; reaching the wide layout resets it so narrowing again starts closed.
 */
export function useBurgerMenu() {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(WIDE_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  return { menuId, open, setOpen, toggleRef };
}
