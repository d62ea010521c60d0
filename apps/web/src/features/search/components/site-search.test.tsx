import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchSuggestion } from '@app/domain';
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
  // No query client: the header is drawn outside the pages' one (data-routes.tsx).
  render(<RouterProvider router={router} />);
}

/** The suggestion route answers `list` for every text; the requests are kept. */
function suggestionsAre(list: SearchSuggestion[]) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    Promise.resolve(
      new Response(JSON.stringify({ status: 200, message: 'OK', data: { q: 'x', suggestions: list } }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('header search', () => {
  it('opens from its button with the field focused, and Escape gives focus back to the button', async () => {
    const user = userEvent.setup();
    renderSearch();
    const toggle = screen.getByRole('button', { name: 'Search' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const field = screen.getByRole('combobox', { name: 'Search posts, queries, products and stores' });
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
    suggestionsAre([]);
    await user.type(screen.getByRole('combobox'), '  Kaveri silks {Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/search?q=Kaveri+silks');
    expect(screen.getByRole('button', { name: 'Search' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('suggests while typing, once per pause; the arrows choose and Enter opens the chosen page', async () => {
    const fetchMock = suggestionsAre([
      { kind: 'correction', text: 'nimbus', detail: '', link: '/search?q=nimbus' },
      { kind: 'store', text: 'Nimbus Audio', detail: 'Whitefield, Bengaluru', link: '/viewstore/true/abc' },
    ]);
    const user = userEvent.setup();
    renderSearch();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const field = screen.getByRole('combobox');
    await user.type(field, 'Nimbas');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    // One request for the pause after typing, not one per letter.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/search/suggest?q=Nimbas');
    expect(field.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Did you mean nimbus',
      'Nimbus AudioStore · Whitefield, Bengaluru',
    ]);
    expect(list.hidden).toBe(false);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(field.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}');
    expect(field.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/search?q=nimbus');
  });

  it('closes the list on the first Escape and the bar on the second', async () => {
    suggestionsAre([
      { kind: 'store', text: 'Kaveri Silks', detail: 'T Nagar, Chennai', link: '/viewstore/true/k' },
    ]);
    const user = userEvent.setup();
    renderSearch();
    const toggle = screen.getByRole('button', { name: 'Search' });
    await user.click(toggle);
    await user.type(screen.getByRole('combobox'), 'Kav');
    await screen.findByRole('option', { name: /Kaveri Silks/ });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
