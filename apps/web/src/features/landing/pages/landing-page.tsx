import { useState } from 'react';
import { SEARCH_TEXT_MAX, TYPING_SPEED_MS } from '@app/domain/constants';
import { AppLink } from '../../../components/ui/app-link';
import { Typewriter } from '../../../components/ui/typewriter';
import { paths } from '../../../lib/routes';
import { useSiteSettings } from '../../../lib/site-settings';
import { useT } from '../../../lib/i18n/translate';
import catalogueShot from '../../../assets/screenshots/catalogue.webp';
import reviewShot from '../../../assets/screenshots/review.webp';
import storeShot from '../../../assets/screenshots/store.webp';
import { AskQueryButton } from '../components/ask-query-button';
import { HeroReviews } from '../components/hero-reviews';
import { LandingFooter } from '../components/landing-footer';
import { LandingHeader } from '../components/landing-header';
import { EXPLORE_LINKS, FEATURES, HEADLINE_PHRASES, JOIN_LINKS } from '../content';
import './landing.css';

// Width and height of the files scripts/capture-screenshots.mjs writes (a 390 x 844 phone, scaled).
const SHOT_SIZE = { width: 360, height: 779 } as const;

const SCREENSHOTS = [
  { id: 'shot-store', src: storeShot, key: 'shotStore' },
  { id: 'shot-review', src: reviewShot, key: 'shotReview' },
  { id: 'shot-catalogue', src: catalogueShot, key: 'shotCatalogue' },
] as const;

export default function LandingPage() {
  const settings = useSiteSettings();
  const { t } = useT('landing');
  const { t: common } = useT('common');
  const phrases = HEADLINE_PHRASES.map((key) => t(key));
  const [typingPaused, setTypingPaused] = useState(false);
  const [typingDone, setTypingDone] = useState(false);
  const apps = settings?.apps;
  return (
    <div className="lp">
      <title>{t('title')}</title>
      <a className="lp-skip" href="#main">
        {common('skipToContent')}
      </a>
      <LandingHeader />
      <main id="main" tabIndex={-1}>
        <section className="lp-hero" aria-labelledby="lp-headline">
          <div className="lp-wrap lp-hero__inner">
            <div className="lp-hero__text">
              <h1 id="lp-headline" className="lp-hero__title">
                {t('headline')}{' '}
                <span className="visually-hidden">
                  {t('headlineAnd', { first: phrases.slice(0, -1).join(', '), last: phrases.at(-1) ?? '' })}
                </span>
                <Typewriter
                  className="lp-hero__typed"
                  phrases={phrases}
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
                  {typingPaused ? t('playAnimation') : t('pauseAnimation')}
                </button>
              )}
              <p className="lp-hero__lead">{t('lead')}</p>
              {/* A plain form: it searches before the page's script has loaded, and without it. */}
              <form
                className="lp-search"
                role="search"
                action={paths.search}
                method="get"
                aria-label={t('searchForm')}
              >
                <label htmlFor="lp-search-q" className="lp-search__label">
                  {t('searchLabel')}
                </label>
                <div className="lp-search__row">
                  <input
                    id="lp-search-q"
                    className="lp-search__input"
                    name="q"
                    type="search"
                    required
                    maxLength={SEARCH_TEXT_MAX}
                    autoComplete="off"
                    enterKeyHint="search"
                    placeholder={t('searchPlaceholder')}
                  />
                  <button type="submit" className="lp-button">
                    {t('searchButton')}
                  </button>
                </div>
              </form>
              <nav className="lp-explore" aria-label={t('exploreNav')}>
                <ul>
                  {EXPLORE_LINKS.map((link) => (
                    <li key={link.to}>
                      <AppLink to={link.to}>{t(link.label)}</AppLink>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="lp-hero__actions">
                <a className="lp-button" href="#get-the-app">
                  {t('getTheApp')}
                </a>
                <AppLink className="lp-button lp-button--ghost" to={paths.joinAsExpert}>
                  {t('joinAsExpert')}
                </AppLink>
              </div>
            </div>
            <HeroReviews />
          </div>
        </section>

        <section className="lp-section" aria-labelledby="lp-features">
          <div className="lp-wrap">
            <h2 id="lp-features">{t('featuresTitle')}</h2>
            <ul className="lp-features">
              {FEATURES.map((feature) => (
                <li key={feature.title} className="lp-feature">
                  <h3>{t(feature.title)}</h3>
                  <p>{t(feature.text)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="lp-section" aria-labelledby="lp-join">
          <div className="lp-wrap">
            <h2 id="lp-join">{t('joinTitle')}</h2>
            <ul className="lp-join">
              {JOIN_LINKS.map((link) => (
                <li key={link.to}>
                  <AppLink className="lp-join__link" to={link.to}>
                    <strong>{t(link.label)}</strong>
                    <span>{t(link.text)}</span>
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
                <h2 id={shot.id}>{t(`${shot.key}Title`)}</h2>
                <p>{t(`${shot.key}Text`)}</p>
              </div>
              <img
                className="lp-shot__img"
                src={shot.src}
                alt={t(`${shot.key}Alt`)}
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
            <h2 id="lp-apps">{t('getTheApp')}</h2>
            <p>{t('appsText')}</p>
            <ul className="lp-apps__list">
              {apps?.android ? (
                <li>
                  <a className="lp-button" href={apps.android} target="_blank" rel="noopener noreferrer">
                    {t('googlePlay')}
                  </a>
                </li>
              ) : null}
              {apps?.ios ? (
                <li>
                  <a className="lp-button" href={apps.ios} target="_blank" rel="noopener noreferrer">
                    {t('appStore')}
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
                    {t('dealerApp')}
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
