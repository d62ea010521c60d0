import type { SiteSettings } from '../../../lib/site-settings';

/** The company's registered address and contact lines, once the site settings have loaded. */
export function CompanyContact({ settings }: { settings: SiteSettings | null }) {
  if (!settings) return <p>Loading contact details…</p>;
  return (
    <address>
      <strong>{settings.companyName}</strong>
      <br />
      Registered address: {settings.registeredAddress}
      <br />
      E-mail: <a href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</a>
      <br />
      Phone: <a href={`tel:${settings.supportPhone.replace(/[^\d+]/g, '')}`}>{settings.supportPhone}</a>
    </address>
  );
}
