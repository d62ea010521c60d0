import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/routes';

export function SiteFooter() {
  const { t } = useT('common');
  return (
    <footer className="footer">
      <div className="footer__inner">
        <ul className="footer__links">
          <li>
            <Link to={paths.privacyPolicy}>{t('privacyPolicy')}</Link>
          </li>
          <li>
            <Link to={paths.termsAndConditions}>{t('termsAndConditions')}</Link>
          </li>
        </ul>
        <LanguageSwitch className="footer__language" />
        <p className="footer__copy">{t('copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
