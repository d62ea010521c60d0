import { Outlet, useNavigation } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useFreshRights } from './use-fresh-rights';
import './layout.css';

export function Layout() {
  const navigation = useNavigation();
  useFreshRights();
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {navigation.state === 'idle' ? null : (
        <div className="route-progress" role="progressbar" aria-label="Loading page" />
      )}
      <SiteHeader />
      <main id="main" className="layout__main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
