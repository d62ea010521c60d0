import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { I18nProvider } from '../../../lib/i18n/engine';

export const IDS = {
  india: 'aaaaaaaaaaaaaaaaaaaaaaa1',
  karnataka: 'aaaaaaaaaaaaaaaaaaaaaaa2',
  bengaluru: 'aaaaaaaaaaaaaaaaaaaaaaa3',
  fitness: 'aaaaaaaaaaaaaaaaaaaaaaa4',
  fashion: 'aaaaaaaaaaaaaaaaaaaaaaa5',
  shoes: 'aaaaaaaaaaaaaaaaaaaaaaa6',
  user: 'bbbbbbbbbbbbbbbbbbbbbbb1',
};

export function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Reference lists as the API answers them. */
function lookup(url: string): Response | null {
  if (url.startsWith('/api/country/getAllCountries')) {
    return json({ status: 200, message: 'OK', data: [{ _id: IDS.india, name: 'India' }] });
  }
  if (url.startsWith('/api/states/getAllStates')) {
    return json({
      status: 200,
      message: 'OK',
      data: [{ _id: IDS.karnataka, name: 'Karnataka', country_id: IDS.india }],
    });
  }
  if (url.startsWith('/api/city/getAllcities')) {
    return json({
      status: 200,
      message: 'OK',
      data: [{ _id: IDS.bengaluru, name: 'Bengaluru', state_id: IDS.karnataka }],
    });
  }
  if (url.startsWith('/api/inflncr/getAllInflncrCate')) {
    return json({ status: 200, message: 'OK', data: [{ _id: IDS.fitness, field: 'Fitness' }] });
  }
  if (url.startsWith('/api/category/getAllParentCategory')) {
    return json({
      status: 200,
      message: 'OK',
      Data: [
        {
          _id: IDS.fashion,
          parentCategory: 'Fashion',
          childCategorys: [{ _id: IDS.shoes, childCategoryName: 'Shoes' }],
        },
      ],
    });
  }
  return null;
}

/** Answers lookups with fixed lists and every other call with `onPost`. */
export function mockFetch(onPost: (url: string, body: unknown) => Response = () => json({}, 500)) {
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return Promise.resolve(lookup(url) ?? onPost(url, body));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function renderWithProviders(ui: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <QueryClientProvider client={client}>
            <ToastProvider>{ui}</ToastProvider>
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  return render(
    <I18nProvider>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}
