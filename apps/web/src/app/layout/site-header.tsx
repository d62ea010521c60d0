import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useBurgerMenu } from '../../components/ui/use-burger-menu';
import { paths } from '../../lib/routes';
import { landingLabel, landingPath, logout, useCurrentUser } from '../../lib/session';

export function SiteHeader() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const { menuId, open, setOpen, toggleRef } = useBurgerMenu();

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
          Revuhub
        </Link>
        <nav className="nav" aria-label="Main">
          <button
            ref={toggleRef}
            type="button"
            className="nav__toggle"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
          >
            <span className="nav__burger" aria-hidden="true" />
            <span className="visually-hidden">Menu</span>
          </button>
          <ul id={menuId} className="nav__list" data-open={open}>
            <li>
              <NavLink to={paths.home} end className={navClass}>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.askQuery} className={navClass}>
                Ask a Query
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.answerQuery} className={navClass}>
                Answer a Query
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.addReview} end className={navClass}>
                Add <span className="reviews-word--narrow">Review</span>
                <span className="reviews-word--wide">Post</span>
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.viewReviews} className={navClass}>
                <span className="reviews-word--narrow">Reviews</span>
                <span className="reviews-word--wide">Posts</span>
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.validatedReviews} className={navClass}>
                Validated <span className="reviews-word--narrow">Reviews</span>
                <span className="reviews-word--wide">Posts</span>
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.storeLocator} className={navClass}>
                Store Locator
              </NavLink>
            </li>
            {user ? (
              <>
                <li>
                  <NavLink to={landingPath(user)} className={navClass}>
                    {landingLabel(user.profile.role)}
                  </NavLink>
                </li>
                <li>
                  <NavLink
                    to={
                      user.profile.role === 'ADMIN'
                        ? paths.adminOrders
                        : user.profile.role === 'SELLER'
                          ? paths.sellerOrders
                          : paths.myOrders
                    }
                    className={navClass}
                  >
                    Orders
                  </NavLink>
                </li>
                <li>
                  <button type="button" className="nav__link nav__button" onClick={onLogout}>
                    Logout
                  </button>
                </li>
              </>
            ) : (
              <li>
                <NavLink to={paths.login} className={navClass}>
                  Login
                </NavLink>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
