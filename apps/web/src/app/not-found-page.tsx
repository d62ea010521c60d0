import { Link } from 'react-router';
import { paths } from '../lib/routes';

export default function NotFoundPage() {
  return (
    <section className="page">
      <title>Page not found | Revuhub</title>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link className="link-button" to={paths.home}>
        Go to the home page
      </Link>
    </section>
  );
}
