import { useT } from '../../../lib/i18n';
import { RetailerApplicationForm } from '../components/retailer-form';
import { EarlierAnswers } from '../components/earlier-answers';
import '../components/applications.css';

export default function JoinAsRetailerPage() {
  const { t } = useT('applications');
  return (
    <section className="page application stack">
      <title>{t('retailerTitle')}</title>
      <h1>{t('retailerHeading')}</h1>
      <p className="application__intro">{t('retailerIntro')}</p>
      <EarlierAnswers kind="retailer">
        {({ answers, reapply }) => <RetailerApplicationForm initial={answers} reapply={reapply} />}
      </EarlierAnswers>
    </section>
  );
}
