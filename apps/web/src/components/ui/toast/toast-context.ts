import { createContext, useContext } from 'react';

export interface ToastOptions {
  /**
   * False when the page shows and focuses the same news itself: the toast is then only seen, so a
   * screen reader hears the message once, not twice.
   */
  announce?: boolean;
}

export interface ToastApi {
  /** Defaults to "Your account has been saved". */
  showSuccess: (message?: string, options?: ToastOptions) => void;
  /** Defaults to "There was an error". */
  showError: (message?: string, options?: ToastOptions) => void;
  close: () => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
