import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SellerListItem } from '@app/domain';
import { I18nProvider } from '../../../lib/i18n/engine';
import { ApplicantCard } from './applicant-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const retailer: SellerListItem = {
  _id: 'a1b2c3d4e5f6a1b2c3d4e5f6',
  ownerName: 'Sunita Gowda',
  role: 'USER',
  isActive: false,
  shops: [{ _id: 'b1b2c3d4e5f6a1b2c3d4e5f6', name: 'Gowda Footwear' }],
  affiliate_code: '',
  remaining_reward_amount: 0,
  total_rewards_rolledout: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  kind: 'retailer',
  approval: { status: 'pending', reason: '', decidedAt: null, decidedBy: null },
  application: {
    companyName: 'Gowda Retail LLP',
    storeName: 'Gowda Footwear',
    businessType: 'Partnership Firm',
    gstin: '29ABCDE1234F1Z5',
    pan: 'ABCDE1234F',
    websiteLink: '',
    categories: ['Footwear: Sports Shoes'],
    city: 'Bengaluru',
    state: 'Karnataka',
    address: '14, 11th Main Road, Jayanagar, Bengaluru, Karnataka 560011',
    education: '',
    expertise: '',
    yearsOfExperience: null,
    links: [],
    images: [{ name: 'shopfront', url: '/media/images/shopfront.webp', type: 'IMAGE' }],
  },
  history: [
    { decision: 'reapplied', reason: '', decidedBy: 'Sunita Gowda', decidedAt: '2026-11-22T10:00:00.000Z' },
    {
      decision: 'rejected',
      reason: 'Blurry photos',
      decidedBy: 'Priya Admin',
      decidedAt: '2026-11-21T10:00:00.000Z',
    },
  ],
};

describe('applicant card', () => {
  it('shows what the retailer sent, earlier decisions, and the contact only on request', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            status: 200,
            message: 'OK',
            data: { email: 'sunita@example.com', mobile: '9876543210' },
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <QueryClientProvider client={client}>
            <ApplicantCard seller={retailer} />
          </QueryClientProvider>
        ),
      },
    ]);
    render(
      <I18nProvider>
        <RouterProvider router={router} />
      </I18nProvider>,
    );

    const card = screen.getByRole('region', { name: 'Sunita Gowda' });
    for (const text of [
      'Retailer',
      'Partnership Firm',
      '29ABCDE1234F1Z5',
      'ABCDE1234F',
      '14, 11th Main Road, Jayanagar, Bengaluru, Karnataka 560011',
      'Footwear: Sports Shoes',
    ]) {
      expect(within(card).getByText(text)).toBeTruthy();
    }
    expect(
      within(card)
        .getByRole('img', { name: /Photo 1 of 1/ })
        .getAttribute('src'),
    ).toBe('/media/images/shopfront.webp');
    expect(within(card).getByText(/Rejected on .* by Priya Admin: Blurry photos/)).toBeTruthy();
    expect(within(card).getByText(/Applied again on/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Show e-mail and mobile' }));
    expect(await within(card).findByRole('link', { name: 'sunita@example.com' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: '9876543210' }).getAttribute('href')).toBe(
      'tel:+919876543210',
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/applicants/a1b2c3d4e5f6a1b2c3d4e5f6/contact');
  });

  it('shows the selected user as JSON on request (spec: "a JSON preview"), without contact data', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <QueryClientProvider client={client}>
            <ApplicantCard seller={retailer} />
          </QueryClientProvider>
        ),
      },
    ]);
    render(
      <I18nProvider>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    const toggle = screen.getByRole('button', { name: 'Show JSON' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('JSON of Sunita Gowda')).toBeNull();
    await userEvent.setup().click(toggle);
    const json = screen.getByLabelText('JSON of Sunita Gowda');
    expect(JSON.parse(json.textContent ?? '')).toEqual(retailer);
    expect(json.textContent).not.toMatch(/password|email|mobile/i);
    expect(screen.getByRole('button', { name: 'Hide JSON' }).getAttribute('aria-expanded')).toBe('true');
  });
});
