import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_MESSAGES } from '@app/domain';
import { ToastContext, type ToastApi, type ToastOptions } from './toast-context';
import './toast.css';

export const TOAST_DURATION_MS = 6000;

type ToastKind = 'success' | 'error';

interface ToastState {
  kind: ToastKind;
  message: string;
  /** Changes on every show so a repeated message restarts the timer. */
  key: number;
  announce: boolean;
}

const TITLES: Record<ToastKind, string> = { success: 'Success', error: 'Error' };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const [paused, setPaused] = useState(false);
  const counter = useRef(0);

  const show = useCallback((kind: ToastKind, message: string, options?: ToastOptions) => {
    counter.current += 1;
    setToast({ kind, message, key: counter.current, announce: options?.announce ?? true });
  }, []);

  const close = useCallback(() => setToast(null), []);

  useEffect(() => {
    // Hover or keyboard focus pauses the timer so the message can be read (WCAG 2.2.1).
    if (!toast || paused) return;
    const timer = window.setTimeout(close, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast, paused, close]);

  const api = useMemo<ToastApi>(
    () => ({
      showSuccess: (message, options) => show('success', message || TOAST_MESSAGES.accountSaved, options),
      showError: (message, options) => show('error', message || TOAST_MESSAGES.error, options),
      close,
    }),
    [show, close],
  );

  const view = toast ? (
    <div
      key={toast.key}
      className={`toast toast--${toast.kind}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="toast__body">
        <p className="toast__title">{TITLES[toast.kind]}</p>
        <p className="toast__message">{toast.message}</p>
      </div>
      <button type="button" className="toast__close" onClick={close}>
        CLOSE
      </button>
    </div>
  ) : null;

  return (
    <ToastContext value={api}>
      {children}
      <div className="toast-region" role="status" aria-live="polite" aria-atomic="true">
        {toast?.announce ? view : null}
      </div>
      {toast && !toast.announce ? <div className="toast-region">{view}</div> : null}
    </ToastContext>
  );
}
