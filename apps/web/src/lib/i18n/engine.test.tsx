import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { I18nProvider, i18n, prepareLanguage } from './engine';
import { getLanguage, setLanguage } from './language';
import { useT } from './translate';

function Sample({ count }: { count: number }) {
  const { t } = useT('checkout');
  return (
    <>
      <h1>{t('checkout')}</h1>
      <p>{t('fieldsEmpty', { count })}</p>
    </>
  );
}

afterEach(async () => {
  cleanup();
  setLanguage('en');
  await prepareLanguage();
  localStorage.clear();
});

describe('the i18next engine', () => {
  it('speaks English with ICU plurals, byte for byte', async () => {
    await prepareLanguage();
    render(
      <I18nProvider>
        <Sample count={1} />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Checkout');
    expect(screen.getByText('1 required field is still empty.')).toBeTruthy();
    cleanup();
    render(
      <I18nProvider>
        <Sample count={12} />
      </I18nProvider>,
    );
    expect(screen.getByText('12 required fields are still empty.')).toBeTruthy();
  });

  it('switches to Hindi from the switch: html lang, remembered, Hindi plural', async () => {
    const user = userEvent.setup();
    await prepareLanguage();
    render(
      <I18nProvider>
        <Sample count={3} />
        <LanguageSwitch />
      </I18nProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(await screen.findByRole('heading', { name: 'चेकआउट' })).toBeTruthy();
    expect(screen.getByText('3 ज़रूरी फ़ील्ड अभी खाली हैं।')).toBeTruthy();
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem('language')).toBe('hi');
    expect(getLanguage()).toBe('hi');
    expect(screen.getByRole('group', { name: 'भाषा' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('the pseudo-locale wraps every catalogue string', async () => {
    await act(async () => {
      await prepareLanguage();
    });
    expect(i18n.t('checkout:checkout', { postProcess: 'pseudo' })).toBe('⟦Checkout⟧');
  });
});
