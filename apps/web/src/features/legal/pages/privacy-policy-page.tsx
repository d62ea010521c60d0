import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TAX_RECORD_RETENTION_MONTHS } from '@app/domain';
import { richText } from '../../../components/ui/rich-text';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/routes';
import { useSiteSettings } from '../../../lib/site-settings';
import { CompanyContact } from '../components/company-contact';
import '../components/legal.css';

/** List items that open with a bold lead: `[lead key, text key]`, the text placing `{lead}`. */
const COLLECTED = [
  ['ppCollectAccountLead', 'ppCollectAccount'],
  ['ppCollectContentLead', 'ppCollectContent'],
  ['ppCollectOrderLead', 'ppCollectOrder'],
  ['ppCollectLocationLead', 'ppCollectLocation'],
  ['ppCollectUsageLead', 'ppCollectUsage'],
] as const;
const USES = ['ppUse1', 'ppUse2', 'ppUse3', 'ppUse4', 'ppUse5', 'ppUse6', 'ppUse7', 'ppUse8'] as const;
const SHARED = [
  ['ppSharePublicLead', 'ppSharePublic'],
  ['ppShareSellersLead', 'ppShareSellers'],
  ['ppShareProvidersLead', 'ppShareProviders'],
  ['ppShareLegalLead', 'ppShareLegal'],
  ['ppShareTransferLead', 'ppShareTransfer'],
] as const;

/**
 * The privacy notice in the reader's language: the DPDP Act (s.5(3)) lets a person read it in a
 * language of the Eighth Schedule. The English is the notice as published, word for word.
 */
export default function PrivacyPolicyPage() {
  const { t } = useT('account');
  const settings = useSiteSettings();
  const withLead = (lead: string, key: string): ReactNode =>
    richText((values) => t(key, values), { lead: <strong>{t(lead)}</strong> });
  return (
    <article className="page legal">
      <title>{t('privacyPolicyTitle')}</title>
      <h1>{t('privacyPolicy')}</h1>
      <p className="legal__updated">{t('ppUpdated')}</p>
      <p>{t('ppIntro')}</p>

      <h2>{t('ppCollectHeading')}</h2>
      <ul>
        {COLLECTED.map(([lead, key]) => (
          <li key={key}>{withLead(lead, key)}</li>
        ))}
      </ul>

      <h2>{t('ppUseHeading')}</h2>
      <ul>
        {USES.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>

      <h2>{t('ppShareHeading')}</h2>
      <p>{t('ppShareIntro')}</p>
      <ul>
        {SHARED.map(([lead, key]) => (
          <li key={key}>{withLead(lead, key)}</li>
        ))}
      </ul>

      <h2>{t('ppStorageHeading')}</h2>
      <p>{t('ppStorage')}</p>

      <h2>{t('ppRetentionHeading')}</h2>
      <p>{t('ppRetention')}</p>
      <p>{t('ppRetentionDeleted', { months: TAX_RECORD_RETENTION_MONTHS })}</p>

      <h2>{t('ppSecurityHeading')}</h2>
      <p>{t('ppSecurity')}</p>

      <h2>{t('ppChildrenHeading')}</h2>
      <p>{t('ppChildren')}</p>

      <h2>{t('ppRightsHeading')}</h2>
      <p>{t('ppRights')}</p>
      <ul>
        <li>
          {richText((values) => t('ppRightsSignedIn', values), {
            link: <Link to={paths.myData}>{t('yourDataAndPrivacy')}</Link>,
          })}
        </li>
        <li>
          {richText((values) => t('ppRightsVisitor', values), {
            link: <Link to={paths.visitorData}>{t('ppDownloadOrDelete')}</Link>,
          })}
        </li>
        <li>{t('ppRightsMessages')}</li>
      </ul>
      <p>{t('ppRightsElse')}</p>

      <h2>{t('ppGrievanceHeading')}</h2>
      <p>{t('ppGrievance')}</p>
      {settings ? (
        <p>
          {t('ppGrievanceOfficer', { name: settings.grievanceOfficer })}
          <br />
          {t('emailColon')} <a href={`mailto:${settings.grievanceEmail}`}>{settings.grievanceEmail}</a>
        </p>
      ) : (
        <p>{t('loadingContact')}</p>
      )}

      <h2>{t('ppContactHeading')}</h2>
      <p>{t('ppContact')}</p>
      <CompanyContact settings={settings} />

      <h2>{t('ppChangesHeading')}</h2>
      <p>{t('ppChanges')}</p>
    </article>
  );
}
