import type { ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast';

/** App-wide providers. TanStack Query is provided by the lazy `data-routes` layout instead. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <ToastProvider>{children}</ToastProvider>;
}
