import { useT } from '../../../lib/i18n';
import { ExpertApplicationForm } from '../components/expert-form';
import { EarlierAnswers } from '../components/earlier-answers';
import '../components/applications.css';

export default function JoinAsExpertPage() {
  const { t } = useT('applications');
  return (
    <section className="page application stack">
      <title>{t('expertTitle')}</title>
      <h1>{t('expertHeading')}</h1>
      <p className="application__intro">{t('expertIntro')}</p>
      <EarlierAnswers kind="expert">
        {({ answers, reapply }) => <ExpertApplicationForm initial={answers} reapply={reapply} />}
      </EarlierAnswers>
    </section>
  );
}
