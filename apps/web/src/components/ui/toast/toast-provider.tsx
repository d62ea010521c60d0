import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { WIDE_LAYOUT_MIN_WIDTH } from '@app/domain';
import { useT } from '../../../lib/i18n/translate';
import { ToastContext, type ToastApi, type ToastOptions } from './toast-context';
import './toast.css';

/** The shortest time a toast stays; longer messages stay longer (see readingTimeMs). */
export const TOAST_DURATION_MS = 6000;

/**
 * Enough time to read the message at a slow pace (about 200 words a minute) plus a moment to notice
 * it, never less than TOAST_DURATION_MS. Hover or focus pauses it, CLOSE ends it (WCAG 2.2.1).
 */
export function readingTimeMs(message: string): number {
  const words = message.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(TOAST_DURATION_MS, 2000 + words * 300);
}

/** The toast sits at the bottom from this width; above the header below it (see toast.css). */
const isWide = () =>
  typeof window.matchMedia !== 'function' ||
  window.matchMedia(`(min-width: ${WIDE_LAYOUT_MIN_WIDTH}px)`).matches;

/** The page keeps this much room free at its bottom while a toast shows (see toast.css). */
const SPACE_PROPERTY = '--toast-space';

type ToastKind = 'success' | 'error';

interface ToastState {
  kind: ToastKind;
  message: string;
  /** Changes on every show so a repeated message restarts the timer. */
  key: number;
  announce: boolean;
}

/** Each kind's title: its key in the `ui` catalogue. */
const TITLES: Record<ToastKind, 'success' | 'errorTitle'> = { success: 'success', error: 'errorTitle' };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const { t } = useT('ui');
  const accountSaved = t('accountSaved');
  const failed = t('error');
  const [paused, setPaused] = useState(false);
  const counter = useRef(0);
  const region = useRef<HTMLDivElement>(null);

  const show = useCallback((kind: ToastKind, message: string, options?: ToastOptions) => {
    counter.current += 1;
    setToast({ kind, message, key: counter.current, announce: options?.announce ?? true });
  }, []);

  const close = useCallback(() => setToast(null), []);

  useEffect(() => {
    // Hover or keyboard focus pauses the timer so the message can be read (WCAG 2.2.1).
    if (!toast || paused) return;
    const timer = window.setTimeout(close, readingTimeMs(toast.message));
    return () => window.clearTimeout(timer);
  }, [toast, paused, close]);

  // On wide screens the toast floats over the bottom of the window. So that it never covers what the
  // user needs, the page reserves its height: the body gets that much room at the end, so the last
  // controls can scroll above it. On phones it sits over the header instead, away from the buttons
  // that caused it, and reserves nothing (see toast.css).
  const shown = toast !== null;
  useLayoutEffect(() => {
    const element = region.current;
    const root = document.documentElement;
    if (!shown || !element) return;
    const reserve = () => {
      if (!isWide()) {
        root.style.removeProperty(SPACE_PROPERTY);
        return;
      }
      const { height } = element.getBoundingClientRect();
      const gap = window.innerHeight - element.getBoundingClientRect().bottom;
      root.style.setProperty(SPACE_PROPERTY, `${Math.ceil(height + Math.max(gap, 0) * 2)}px`);
    };
    reserve();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(reserve) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(SPACE_PROPERTY);
    };
  }, [shown]);

  const api = useMemo<ToastApi>(
    () => ({
      showSuccess: (message, options) => show('success', message || accountSaved, options),
      showError: (message, options) => show('error', message || failed, options),
      close,
    }),
    [show, close, accountSaved, failed],
  );

  const view = toast ? (
    <div
      key={toast.key}
      className={`toast toast--${toast.kind}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <div className="toast__body">
        <p className="toast__title">{t(TITLES[toast.kind])}</p>
        <p className="toast__message">{toast.message}</p>
      </div>
      <button type="button" className="toast__close" onClick={close}>
        {t('close')}
      </button>
    </div>
  ) : null;

  return (
    <ToastContext value={api}>
      {children}
      {/* One region for both kinds, so the measured height is the toast's. Announced toasts sit in a
          live region that is always there: success politely (status), an error at once (alert). A page
          that focuses its own message makes the toast silent. */}
      <div className="toast-region" ref={region}>
        <div role="status" aria-live="polite" aria-atomic="true">
          {toast?.announce && toast.kind === 'success' ? view : null}
        </div>
        <div role="alert" aria-atomic="true">
          {toast?.announce && toast.kind === 'error' ? view : null}
        </div>
        {toast && !toast.announce ? <div>{view}</div> : null}
      </div>
    </ToastContext>
  );
}
