import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteSearch } from './site-search';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderSearch() {
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          <SiteSearch />
          <Where />
        </>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
}

afterEach(() => cleanup());

describe('header search', () => {
  it('opens from its button with the field focused, and Escape gives focus back to the button', async () => {
    const user = userEvent.setup();
    renderSearch();
    const toggle = screen.getByRole('button', { name: 'Search' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const field = screen.getByRole('searchbox', { name: 'Search posts, queries, products and stores' });
    expect(document.activeElement).toBe(field);
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('opens the results page for the typed words, and stays put when nothing was typed', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Show results' }));
    expect(screen.getByTestId('where').textContent).toBe('/');
    await user.type(screen.getByRole('searchbox'), '  Kaveri silks {Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/search?q=Kaveri+silks');
    expect(screen.getByRole('button', { name: 'Search' }).getAttribute('aria-expanded')).toBe('false');
  });
});
