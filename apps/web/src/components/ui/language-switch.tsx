import type { Language } from '@app/domain';
import { LANGUAGE_CODES, setLanguage } from '../../lib/i18n/language';
import { useT } from '../../lib/i18n/translate';
import './language-switch.css';

/**
 * English / हिन्दी: two toggle buttons, each named in its own language (and marked with its `lang`
 * so a screen reader pronounces it right). The choice is remembered in this browser and, for a
 * signed-in person, on their account.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, language } = useT('common');
  const choose = (next: Language) => {
    if (next === language) return;
    setLanguage(next);
    // Loaded on the first switch only: the landing page's first visit does not carry the API client.
    import('../../lib/i18n/save-preference')
      .then(({ saveLanguagePreference }) => saveLanguagePreference(next))
      .catch((error: unknown) => console.warn('Language not saved on the account', error));
  };
  return (
    <div
      role="group"
      aria-label={t('language')}
      className={['language-switch', className].filter(Boolean).join(' ')}
    >
      {LANGUAGE_CODES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className="language-switch__option"
          aria-pressed={option === language}
          onClick={() => choose(option)}
        >
          {t(option === 'en' ? 'languageEn' : 'languageHi')}
        </button>
      ))}
    </div>
  );
}
