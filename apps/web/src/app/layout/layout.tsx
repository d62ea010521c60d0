import { Outlet, useNavigation } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useFreshRights } from './use-fresh-rights';
import { useT } from '../../lib/i18n';
import './layout.css';

export function Layout() {
  const navigation = useNavigation();
  useFreshRights();
  const { t } = useT('common');
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {navigation.state === 'idle' ? null : (
        <div className="route-progress" role="progressbar" aria-label={t('loadingPage')} />
      )}
      <SiteHeader />
      <main id="main" className="layout__main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
