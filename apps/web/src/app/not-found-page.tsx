import { Link } from 'react-router';
import { paths } from '../lib/routes';
import { useT } from '../lib/i18n';

export default function NotFoundPage() {
  const { t } = useT('common');
  return (
    <section className="page">
      <title>{t('pageTitle', { title: t('notFound') })}</title>
      <h1>{t('notFound')}</h1>
      <p>{t('notFoundText')}</p>
      <Link className="link-button" to={paths.home}>
        {t('goHome')}
      </Link>
    </section>
  );
}
