import { useT } from '../../../lib/i18n';
import { LegalEntities } from '../components/legal-entities';
import { PendingGstins } from '../components/pending-gstins';
import '../components/gstin-approvals.css';

/**
 * `/managegstins` (decision 069): the GSTINs sellers gave wait here for the admin, and the admin
 * links the seller accounts of one legal entity, the only accounts that may share a GSTIN.
 */
export default function GstinApprovalsPage() {
  const { t } = useT('admin');
  return (
    <section className="page stack">
      <title>{t('pageTitle', { heading: t('gstinApprovals') })}</title>
      <h1>{t('gstinApprovals')}</h1>
      <p>{t('gstinApprovalsIntro')}</p>
      <section className="stack" aria-labelledby="gstins-waiting">
        <h2 id="gstins-waiting">{t('gstinsWaiting')}</h2>
        <PendingGstins />
      </section>
      <section className="stack" aria-labelledby="legal-entities">
        <h2 id="legal-entities">{t('legalEntities')}</h2>
        <p>{t('legalEntitiesIntro')}</p>
        <LegalEntities />
      </section>
    </section>
  );
}
