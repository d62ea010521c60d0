import type { ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast';
import { I18nProvider } from '../lib/i18n/engine';
import { useProfileLanguage } from '../lib/i18n/use-profile-language';

function ProfileLanguage() {
  useProfileLanguage();
  return null;
}

/** App-wide providers. TanStack Query is provided by the lazy `data-routes` layout instead. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider>
      <ProfileLanguage />
      <ToastProvider>{children}</ToastProvider>
    </I18nProvider>
  );
}
