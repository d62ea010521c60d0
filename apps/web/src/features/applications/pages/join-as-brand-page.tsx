import { useT } from '../../../lib/i18n';
import { BrandApplication } from '../components/brand-form';
import { EarlierAnswers } from '../components/earlier-answers';
import '../components/applications.css';

export default function JoinAsBrandPage() {
  const { t } = useT('applications');
  return (
    <section className="page application stack">
      <title>{t('brandTitle')}</title>
      <h1>{t('brandHeading')}</h1>
      <p className="application__intro">{t('brandIntro')}</p>
      <EarlierAnswers kind="brand">
        {({ answers, reapply }) => <BrandApplication initial={answers} reapply={reapply} />}
      </EarlierAnswers>
    </section>
  );
}
