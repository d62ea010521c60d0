import type { SiteSettings } from '../../../lib/site-settings';
import { AppLink } from '../../../components/ui/app-link';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { useT } from '../../../lib/i18n/translate';
import { paths } from '../../../lib/routes';

const SOCIAL = [
  { key: 'instagram', label: 'Instagram' },
  { key: 'facebook', label: 'Facebook' },
  { key: 'twitter', label: 'Twitter' },
  { key: 'linkedin', label: 'LinkedIn' },
] as const;

/**
 * Contact details and social links come from the site settings; until they arrive their rows keep
 * their height (see landing.css), so nothing below moves when they appear.
 */
export function LandingFooter({ settings }: { settings: SiteSettings | null }) {
  const { t } = useT('landing');
  const { t: common } = useT('common');
  const social = settings ? SOCIAL.filter(({ key }) => settings.social[key]) : [];
  return (
    <footer className="lp-footer">
      <div className="lp-footer__inner">
        <div className="lp-footer__col">
          <h2 className="lp-footer__title">{t('contactUs')}</h2>
          <ul className="lp-footer__list lp-footer__contact">
            {settings ? (
              <>
                <li>
                  {t('phone')}{' '}
                  <a href={`tel:${settings.supportPhone.replace(/[^\d+]/g, '')}`}>{settings.supportPhone}</a>
                </li>
                <li>
                  {t('email')} <a href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</a>
                </li>
              </>
            ) : null}
          </ul>
        </div>
        <div className="lp-footer__col">
          <h2 className="lp-footer__title">{t('followUs')}</h2>
          <ul className="lp-footer__list lp-footer__social">
            {social.map(({ key, label }) => (
              <li key={key}>
                <a href={settings?.social[key]} target="_blank" rel="noopener noreferrer">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="lp-footer__col">
          <h2 className="lp-footer__title">{t('legal')}</h2>
          <ul className="lp-footer__list">
            <li>
              <AppLink to={paths.privacyPolicy}>{common('privacyPolicy')}</AppLink>
            </li>
            <li>
              <AppLink to={paths.termsAndConditions}>{common('termsAndConditions')}</AppLink>
            </li>
          </ul>
        </div>
      </div>
      <div className="lp-footer__language">
        <LanguageSwitch />
      </div>
      <p className="lp-footer__copy">{common('copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
