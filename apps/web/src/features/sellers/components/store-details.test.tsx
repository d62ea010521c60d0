import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicShop } from '@app/domain';
import { I18nProvider } from '../../../lib/i18n/engine';
import { StoreDetails } from './store-details';

const ID = 'aaaaaaaaaaaaaaaaaaaaaaa1';

function shop(overrides: Partial<PublicShop> = {}): PublicShop {
  return {
    _id: ID,
    name: 'Kaveri Silks',
    companyName: 'Kaveri Silks LLP',
    businessType: 'Retailer',
    area: 'Jayanagar',
    year_of_establishment: '1998',
    address: {
      address: '12 11th Main',
      city: 'Bengaluru',
      state: 'Karnataka',
      pinCode: '560011',
      country: 'India',
    },
    location: { type: 'Point', coordinates: [77.5838, 12.925] },
    media: [],
    sellCategory: [],
    phone: '08041234567',
    openingHours: 'Mon–Sat 10 am–8:30 pm, Sun closed',
    user_id: { _id: ID, isBrand: false },
    users: [],
    affiliate_code: '',
    remaining_reward_amount: 0,
    total_rewards_rolledout: 0,
    ...overrides,
  } as PublicShop;
}

const show = (s: PublicShop) =>
  render(
    <I18nProvider>
      <MemoryRouter>
        <StoreDetails shop={s} userId="someone-else" />
      </MemoryRouter>
    </I18nProvider>,
  );

afterEach(cleanup);

describe('a store page', () => {
  it('gives the store’s phone as a link that dials it, its opening hours and directions', () => {
    show(shop());
    const phone = screen.getByRole('link', { name: /080/ });
    expect(phone.getAttribute('href')).toBe('tel:+918041234567');
    expect(screen.getByText('Mon–Sat 10 am–8:30 pm, Sun closed')).toBeTruthy();
    const directions = screen.getByRole('link', { name: /Get directions/ });
    expect(directions.textContent).toBe('Get directions to Kaveri Silks (opens a new tab)');
    expect(directions.getAttribute('href')).toContain('12.925');
  });

  it('leaves out what the store did not give', () => {
    show(shop({ phone: '', openingHours: '', location: null }));
    expect(screen.queryByText('Phone')).toBeNull();
    expect(screen.queryByText('Opening hours')).toBeNull();
    expect(screen.queryByRole('link', { name: /Get directions/ })).toBeNull();
  });
});
