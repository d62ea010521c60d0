import { Link } from 'react-router';
import { paths } from '../../lib/routes';

export function SiteFooter() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <ul className="footer__links">
          <li>
            <Link to={paths.privacyPolicy}>Privacy Policy</Link>
          </li>
          <li>
            <Link to={paths.termsAndConditions}>Terms and Conditions</Link>
          </li>
        </ul>
        <p className="footer__copy">© {new Date().getFullYear()} Revuhub. All rights reserved.</p>
      </div>
    </footer>
  );
}
