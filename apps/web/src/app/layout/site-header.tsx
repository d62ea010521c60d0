import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useBurgerMenu } from '../../components/ui/use-burger-menu';
import { paths } from '../../lib/routes';
import { logout, useCurrentUser } from '../../lib/session';
import { SiteSearch } from '../../features/search/components/site-search';
import { useT } from '../../lib/i18n';
import { useQuestionCounts } from '../../features/queries/api/question-counts';
import { navLinksFor } from './nav-links';

export function SiteHeader() {
  const user = useCurrentUser();
  const { t } = useT('common');
  const navigate = useNavigate();
  const location = useLocation();
  const { menuId, open, setOpen, toggleRef } = useBurgerMenu();
  // Businesses and creators are asked questions; staff are not.
  const role = user?.profile.role;
  const questionCounts = useQuestionCounts(
    user && (role === 'SELLER' || role === 'END_USER') ? user._id : null,
    location.pathname,
  );
  const unanswered = questionCounts?.unanswered ?? 0;

  // A new page closes the burger menu.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }

  const onLogout = async () => {
    await logout();
    await navigate(paths.login);
  };

  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav__link is-active' : 'nav__link');

  return (
    <header className="header">
      <div className="header__inner">
        <Link to={paths.home} className="brand">
          {t('brand')}
        </Link>
        <SiteSearch />
        <nav className="nav" aria-label={t('mainNav')}>
          <button
            ref={toggleRef}
            type="button"
            className="nav__toggle"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            <span className="nav__burger" aria-hidden="true" />
            <span className="visually-hidden">{t('menu')}</span>
          </button>
          <ul id={menuId} className="nav__list" data-open={open}>
            {navLinksFor(user, (questionCounts?.total ?? 0) > 0).map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end ?? false}
                  className={navClass}
                  aria-label={
                    item.counts && unanswered > 0
                      ? t('navUnanswered', { label: t(item.label), count: unanswered })
                      : undefined
                  }
                >
                  {item.wideLabel ? (
                    <>
                      <span className="reviews-word--narrow">{t(item.label)}</span>
                      <span className="reviews-word--wide">{t(item.wideLabel)}</span>
                    </>
                  ) : (
                    t(item.label)
                  )}
                  {item.counts && unanswered > 0 ? (
                    <span className="nav__count" aria-hidden="true">
                      {unanswered}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
            {user ? (
              <li>
                <button type="button" className="nav__link nav__button" onClick={onLogout}>
                  {t('logout')}
                </button>
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
    </header>
  );
}
