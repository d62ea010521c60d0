import { useT } from '../../../lib/i18n';
import type { SiteSettings } from '../../../lib/site-settings';

/** The company's registered address and contact lines, once the site settings have loaded. */
export function CompanyContact({ settings }: { settings: SiteSettings | null }) {
  const { t } = useT('account');
  if (!settings) return <p>{t('loadingContact')}</p>;
  return (
    <address>
      <strong>{settings.companyName}</strong>
      <br />
      {t('registeredAddress', { address: settings.registeredAddress })}
      <br />
      {t('emailColon')} <a href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</a>
      <br />
      {t('phoneColon')}{' '}
      <a href={`tel:${settings.supportPhone.replace(/[^\d+]/g, '')}`}>{settings.supportPhone}</a>
    </address>
  );
}
