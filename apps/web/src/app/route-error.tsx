import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ErrorState } from '../components/ui/feedback-state';
import { paths } from '../lib/routes';

/** The route errorElement: a friendly message and a retry instead of a blank screen. */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  // Inside the layout the page already sits in <main>; the outer boundary replaces the layout.
  const Wrapper = standalone ? 'main' : 'section';
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Wrapper className="page" {...(standalone ? { id: 'main', tabIndex: -1 } : {})}>
        <title>Page not found | Revuhub</title>
        <h1>Page not found</h1>
        <Link to={paths.home}>Go to the home page</Link>
      </Wrapper>
    );
  }

  console.error('Route error', error);
  return (
    <Wrapper className="page" {...(standalone ? { id: 'main', tabIndex: -1 } : {})}>
      <title>Something went wrong | Revuhub</title>
      <ErrorState
        titleAs="h1"
        title="Something went wrong"
        message="This page could not be shown. Check your connection and try again."
        // A full reload also recovers from a chunk that failed to load after a new deploy.
        onRetry={() => window.location.reload()}
      >
        <Link to={paths.home}>Go to the home page</Link>
      </ErrorState>
    </Wrapper>
  );
}
