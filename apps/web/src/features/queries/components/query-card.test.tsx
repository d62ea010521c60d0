import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicQuery } from '@app/domain';
import { I18nProvider } from '../../../lib/i18n/engine';
import { QueryCard } from './query-card';

const query = (name: string): PublicQuery => ({
  _id: 'aaaaaaaaaaaaaaaaaaaaaaa1',
  search: 'Do you stock Mysore silk?',
  scope: 'store',
  scopeUserId: 'aaaaaaaaaaaaaaaaaaaaaaa2',
  scopeName: 'Malleshwaram Silk House',
  user: { _id: null, name },
  responses: 0,
  createdAt: '2026-12-05T10:00:00.000Z',
});

const show = (q: PublicQuery) =>
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ul>
            <QueryCard query={q} />
          </ul>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );

afterEach(cleanup);

describe('a query card', () => {
  it('names its asker and whom it was asked of', () => {
    show(query('Farah Qureshi'));
    expect(screen.getByText(/^Asked by Farah Qureshi to Malleshwaram Silk House/)).toBeTruthy();
  });

  // Found in issue 39: after a data deletion it read "Asked by to Malleshwaram Silk House".
  it('reads "a former member" once its asker deleted their data', () => {
    show(query(''));
    expect(screen.getByText(/^Asked by a former member to Malleshwaram Silk House/)).toBeTruthy();
  });
});
