import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RetailerApplicationForm } from './retailer-form';
import { mockFetch, renderWithProviders } from './test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('retailer application form', () => {
  it('alerts "Geolocation not supported" when the browser has no geolocation', async () => {
    mockFetch();
    // jsdom has no geolocation, like the browsers the spec's message is for.
    expect('geolocation' in navigator).toBe(false);
    const user = userEvent.setup();
    renderWithProviders(<RetailerApplicationForm />);

    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Geolocation not supported');
  });

  it('shows the captured coordinates and builds the category list from the tree', async () => {
    mockFetch();
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: 12.9352, longitude: 77.6245 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition },
    });
    const user = userEvent.setup();
    try {
      renderWithProviders(<RetailerApplicationForm />);
      await user.click(screen.getByRole('button', { name: 'Use my current location' }));
      expect(screen.getByText('Location captured: 12.93520, 77.62450')).toBeTruthy();

      const fashion = await screen.findByRole('button', { name: /^Fashion/ });
      expect(fashion.getAttribute('aria-expanded')).toBe('false');
      await user.click(fashion);
      expect(fashion.getAttribute('aria-expanded')).toBe('true');
      await user.click(screen.getByRole('checkbox', { name: 'Shoes' }));
      expect(fashion.textContent).toContain('1 chosen');
      // Location and category alone do not make the form complete.
      expect(
        screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' }).getAttribute('aria-disabled'),
      ).toBe('true');
    } finally {
      Reflect.deleteProperty(navigator, 'geolocation');
    }
  });
});
