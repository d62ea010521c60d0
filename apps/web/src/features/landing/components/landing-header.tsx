import { AppLink } from '../../../components/ui/app-link';
import { useBurgerMenu } from '../../../components/ui/use-burger-menu';
import { useT } from '../../../lib/i18n/translate';
import { paths } from '../../../lib/routes';
import { PARTNER_LINKS } from '../content';

/** The landing page's header: partner options and Login, open from 834 px, a burger menu below. */
export function LandingHeader() {
  const { menuId, open, setOpen, toggleRef } = useBurgerMenu();
  const { t } = useT('landing');
  const { t: common } = useT('common');

  return (
    <header className="lp-header">
      <div className="lp-header__inner">
        <AppLink to={paths.home} className="lp-brand">
          {common('brand')}
        </AppLink>
        <nav className="lp-nav" aria-label={common('mainNav')}>
          <button
            ref={toggleRef}
            type="button"
            className="lp-nav__toggle"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            <span className="lp-nav__burger" aria-hidden="true" />
            <span className="visually-hidden">{common('menu')}</span>
          </button>
          <ul id={menuId} className="lp-nav__list" data-open={open}>
            {PARTNER_LINKS.map((link) => (
              <li key={link.to}>
                <AppLink to={link.to} className="lp-nav__link">
                  {t(link.label)}
                  {link.isNew ? <span className="lp-badge">{t('new')}</span> : null}
                </AppLink>
              </li>
            ))}
            <li>
              <AppLink to={paths.login} className="lp-nav__link lp-nav__login">
                {t('login')}
              </AppLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
