import { useT } from '../../../lib/i18n';
import { CustomerApplicationForm } from '../components/customer-form';
import '../components/applications.css';

export default function JoinAsEndUserPage() {
  const { t } = useT('applications');
  return (
    <section className="page application stack">
      <title>{t('endUserTitle')}</title>
      <h1>{t('endUserHeading')}</h1>
      <p className="application__intro">{t('endUserIntro')}</p>
      <CustomerApplicationForm />
    </section>
  );
}
