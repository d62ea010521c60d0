import { Link } from 'react-router';
import { paths } from '../../../lib/routes';
import './home-page.css';

export default function HomePage() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <title>Revuhub: answers from real experiences</title>
      <div className="hero__inner">
        <p className="hero__eyebrow">Revuhub</p>
        <h1 id="hero-title" className="hero__title">
          Find answers to your queries through <span className="hero__accent">personal experiences</span>,{' '}
          <span className="hero__accent">reviews</span> and{' '}
          <span className="hero__accent">expert content</span>
        </h1>
        <p className="hero__lead">
          Ask about a brand, a store or a service and hear from people who have used it.
        </p>
        <div className="hero__actions">
          <Link className="link-button" to={paths.login}>
            Seller login
          </Link>
        </div>
      </div>
    </section>
  );
}
