import { Link } from 'react-router';
import { AppLinkProvider, type RenderLink } from '../components/ui/app-link';
import LandingPage from '../features/landing/pages/landing-page';

const renderRouterLink: RenderLink = (props) => <Link {...props} />;

/** The landing page inside the router app (reached by client-side navigation): links stay in the app. */
export default function LandingRoute() {
  return (
    <AppLinkProvider value={renderRouterLink}>
      <LandingPage />
    </AppLinkProvider>
  );
}
