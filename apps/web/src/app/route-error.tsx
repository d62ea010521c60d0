import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ErrorState } from '../components/ui/feedback-state';
import { paths } from '../lib/routes';
import { useT } from '../lib/i18n';

/** The route errorElement: a friendly message and a retry instead of a blank screen. */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const { t } = useT('common');
  // Inside the layout the page already sits in <main>; the outer boundary replaces the layout.
  const Wrapper = standalone ? 'main' : 'section';
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Wrapper className="page" {...(standalone ? { id: 'main', tabIndex: -1 } : {})}>
        <title>{t('pageTitle', { title: t('notFound') })}</title>
        <h1>{t('notFound')}</h1>
        <Link to={paths.home}>{t('goHome')}</Link>
      </Wrapper>
    );
  }

  console.error('Route error', error);
  return (
    <Wrapper className="page" {...(standalone ? { id: 'main', tabIndex: -1 } : {})}>
      <title>{t('pageTitle', { title: t('somethingWrong') })}</title>
      <ErrorState
        titleAs="h1"
        title={t('somethingWrong')}
        message={t('pageNotShown')}
        // A full reload also recovers from a chunk that failed to load after a new deploy.
        onRetry={() => window.location.reload()}
      >
        <Link to={paths.home}>{t('goHome')}</Link>
      </ErrorState>
    </Wrapper>
  );
}
