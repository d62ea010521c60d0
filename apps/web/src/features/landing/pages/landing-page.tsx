import { useState } from 'react';
import { TYPING_SPEED_MS } from '@app/domain/constants';
import { AppLink } from '../../../components/ui/app-link';
import { Typewriter } from '../../../components/ui/typewriter';
import { paths } from '../../../lib/routes';
import { useSiteSettings } from '../../../lib/site-settings';
import catalogueShot from '../../../assets/screenshots/catalogue.webp';
import reviewShot from '../../../assets/screenshots/review.webp';
import storeShot from '../../../assets/screenshots/store.webp';
import { AskQueryButton } from '../components/ask-query-button';
import { HeroReviews } from '../components/hero-reviews';
import { LandingFooter } from '../components/landing-footer';
import { LandingHeader } from '../components/landing-header';
import { FEATURES, HEADLINE_PHRASES, JOIN_LINKS } from '../content';
import './landing.css';

// Width and height of the files scripts/capture-screenshots.mjs writes (a 390 x 844 phone, scaled).
const SHOT_SIZE = { width: 360, height: 779 } as const;

const SCREENSHOTS = [
  {
    id: 'shot-store',
    src: storeShot,
    title: 'A store page for every seller',
    text: 'Brands and retailers get a public store page with their address, categories, photos and digital catalogue. Share it with a link and let buyers order from the reviews they trust.',
    alt: 'A demo brand’s store page on a phone: its name, address, year of establishment, categories and photos.',
  },
  {
    id: 'shot-review',
    src: reviewShot,
    title: 'Honest reviews, with the product in them',
    text: 'People who bought and used it write the review, with their photos and the products they tagged. Read it, ask the reviewer, or buy the same product from the store.',
    alt: 'A demo review on a phone: “Mysore silk that feels worth every rupee” by Asha Rao, with a photo, the review text and the tagged saree.',
  },
  {
    id: 'shot-catalogue',
    src: catalogueShot,
    title: 'Shop the catalogue you read about',
    text: 'Every store has a digital catalogue with MRP and selling prices and a link for each size. Business buyers see wholesale prices and order from the minimum quantity.',
    alt: 'A demo store’s digital catalogue on a phone: Nimbus Audio Buds Air with its MRP, selling price and size.',
  },
] as const;

export default function LandingPage() {
  const settings = useSiteSettings();
  const [typingPaused, setTypingPaused] = useState(false);
  const [typingDone, setTypingDone] = useState(false);
  const apps = settings?.apps;
  return (
    <div className="lp">
      <title>Revuhub: answers from personal experiences, reviews and experts</title>
      <a className="lp-skip" href="#main">
        Skip to content
      </a>
      <LandingHeader />
      <main id="main" tabIndex={-1}>
        <section className="lp-hero" aria-labelledby="lp-headline">
          <div className="lp-wrap lp-hero__inner">
            <div className="lp-hero__text">
              <h1 id="lp-headline" className="lp-hero__title">
                Find answers to your queries through{' '}
                <span className="visually-hidden">
                  {HEADLINE_PHRASES.slice(0, -1).join(', ')} and {HEADLINE_PHRASES.at(-1)}
                </span>
                <Typewriter
                  className="lp-hero__typed"
                  phrases={HEADLINE_PHRASES}
                  speedMs={TYPING_SPEED_MS}
                  paused={typingPaused}
                  onDone={() => setTypingDone(true)}
                />
              </h1>
              {typingDone ? null : (
                <button
                  type="button"
                  className="typewriter-toggle"
                  aria-pressed={typingPaused}
                  onClick={() => setTypingPaused((value) => !value)}
                >
                  {typingPaused ? 'Play headline animation' : 'Pause headline animation'}
                </button>
              )}
              <p className="lp-hero__lead">
                Ask about a brand, a store or a service and hear from people who have used it, from validated
                reviews and from experts.
              </p>
              <div className="lp-hero__actions">
                <a className="lp-button" href="#get-the-app">
                  Get the app
                </a>
                <AppLink className="lp-button lp-button--ghost" to={paths.joinAsExpert}>
                  Join as Expert
                </AppLink>
              </div>
            </div>
            <HeroReviews />
          </div>
        </section>

        <section className="lp-section" aria-labelledby="lp-features">
          <div className="lp-wrap">
            <h2 id="lp-features">One place for questions, reviews and shopping</h2>
            <ul className="lp-features">
              {FEATURES.map((feature) => (
                <li key={feature.title} className="lp-feature">
                  <h3>{feature.title}</h3>
                  <p>{feature.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="lp-section" aria-labelledby="lp-join">
          <div className="lp-wrap">
            <h2 id="lp-join">Join Revuhub</h2>
            <ul className="lp-join">
              {JOIN_LINKS.map((link) => (
                <li key={link.to}>
                  <AppLink className="lp-join__link" to={link.to}>
                    <strong>{link.label}</strong>
                    <span>{link.text}</span>
                  </AppLink>
                </li>
              ))}
            </ul>
          </div>
        </section>

        {SCREENSHOTS.map((shot, index) => (
          <section key={shot.id} className="lp-section lp-shot" aria-labelledby={shot.id}>
            <div
              className={index % 2 ? 'lp-wrap lp-shot__inner lp-shot__inner--flip' : 'lp-wrap lp-shot__inner'}
            >
              <div className="lp-shot__text">
                <h2 id={shot.id}>{shot.title}</h2>
                <p>{shot.text}</p>
              </div>
              <img
                className="lp-shot__img"
                src={shot.src}
                alt={shot.alt}
                width={SHOT_SIZE.width}
                height={SHOT_SIZE.height}
                loading="lazy"
                decoding="async"
              />
            </div>
          </section>
        ))}

        <section id="get-the-app" className="lp-section lp-apps" aria-labelledby="lp-apps">
          <div className="lp-wrap">
            <h2 id="lp-apps">Get the app</h2>
            <p>
              Ask, review and shop from your phone. Business buyers can order wholesale in the dealer app.
            </p>
            <ul className="lp-apps__list">
              {apps?.android ? (
                <li>
                  <a className="lp-button" href={apps.android} target="_blank" rel="noopener noreferrer">
                    Get it on Google Play
                  </a>
                </li>
              ) : null}
              {apps?.ios ? (
                <li>
                  <a className="lp-button" href={apps.ios} target="_blank" rel="noopener noreferrer">
                    Download on the App Store
                  </a>
                </li>
              ) : null}
              {apps?.dealerAndroid ? (
                <li>
                  <a
                    className="lp-button lp-button--ghost"
                    href={apps.dealerAndroid}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    Dealer app on Google Play
                  </a>
                </li>
              ) : null}
            </ul>
          </div>
        </section>
      </main>
      <LandingFooter settings={settings} />
      <AskQueryButton />
    </div>
  );
}
