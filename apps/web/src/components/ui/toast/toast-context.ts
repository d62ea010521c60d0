import { createContext, useContext } from 'react';

export interface ToastApi {
  /** Defaults to "Your account has been saved". */
  showSuccess: (message?: string) => void;
  /** Defaults to "There was an error". */
  showError: (message?: string) => void;
  close: () => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
