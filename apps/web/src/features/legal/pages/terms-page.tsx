import { Fragment } from 'react';
import { useT } from '../../../lib/i18n';
import { useSiteSettings } from '../../../lib/site-settings';
import { CompanyContact } from '../components/company-contact';
import '../components/legal.css';

/** Each section's heading key and paragraph keys; a list's items follow its paragraph. */
const SECTIONS: { heading: string; paragraphs: string[]; items?: string[] }[] = [
  { heading: 'tcRegistrationHeading', paragraphs: ['tcRegistration'] },
  { heading: 'tcLicencesHeading', paragraphs: ['tcLicences'] },
  { heading: 'tcContentHeading', paragraphs: ['tcContent'] },
  { heading: 'tcWarrantiesHeading', paragraphs: ['tcWarranties'] },
  {
    heading: 'tcRulesHeading',
    paragraphs: [],
    items: ['tcRule1', 'tcRule2', 'tcRule3', 'tcRule4', 'tcRule5'],
  },
  {
    heading: 'tcRestrictionsHeading',
    paragraphs: ['tcRestrictions'],
    items: ['tcRestriction1', 'tcRestriction2', 'tcRestriction3', 'tcRestriction4', 'tcRestriction5'],
  },
  { heading: 'tcSubscriptionsHeading', paragraphs: ['tcSubscriptions'] },
  { heading: 'tcNoticesHeading', paragraphs: ['tcNotices'] },
  { heading: 'tcPricingHeading', paragraphs: ['tcPricing'] },
  { heading: 'tcLinksHeading', paragraphs: ['tcLinks'] },
  { heading: 'tcThirdPartyHeading', paragraphs: ['tcThirdParty'] },
  { heading: 'tcDisclaimersHeading', paragraphs: ['tcDisclaimers'] },
  { heading: 'tcIndemnityHeading', paragraphs: ['tcIndemnity'] },
  { heading: 'tcLiabilityHeading', paragraphs: ['tcLiability'] },
  { heading: 'tcLawHeading', paragraphs: ['tcLaw'] },
];

/** The terms in the reader's language; the English is the published text, word for word. */
export default function TermsPage() {
  const { t } = useT('account');
  const settings = useSiteSettings();
  return (
    <article className="page legal">
      <title>{t('termsTitle')}</title>
      <h1>{t('terms')}</h1>
      <p>{t('tcIntro')}</p>
      {SECTIONS.map(({ heading, paragraphs, items }) => (
        <Fragment key={heading}>
          <h2>{t(heading)}</h2>
          {paragraphs.map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
          {items ? (
            <ul>
              {items.map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ul>
          ) : null}
        </Fragment>
      ))}

      <h2>{t('tcContactHeading')}</h2>
      <p>{t('tcContact')}</p>
      <CompanyContact settings={settings} />
    </article>
  );
}
