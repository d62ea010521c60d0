import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicPost, PublicQuery } from '@app/domain';
import { I18nProvider } from '../../../lib/i18n/engine';
import QuestionPage from './question-page';

const QUESTION = 'bbbbbbbbbbbbbbbbbbbbbbb1';
const STORE = 'bbbbbbbbbbbbbbbbbbbbbbb2';
const query: PublicQuery = {
  _id: QUESTION,
  search: 'Do you stitch blouses to measure?',
  scope: 'store',
  scopeUserId: STORE,
  scopeName: 'Gopal Textiles',
  user: { _id: null, name: 'Asha Rao' },
  responses: 2,
  createdAt: '2026-12-05T10:00:00.000Z',
};

function post(id: string, overrides: Partial<PublicPost>): PublicPost {
  return {
    _id: id,
    infId: STORE,
    authorName: 'Gopal Krishna',
    type: 'IMAGE',
    kind: 'review',
    postData: {
      _id: id,
      data: [],
      invoice: [],
      caption: [{ value: 'Yes' }],
      desc: [{ value: 'In two days.' }],
      links: [],
      products: [],
    },
    hasInvoice: false,
    hashtags: [],
    categories: [],
    storeUserId: null,
    brandUserId: null,
    influencerUserId: null,
    queryId: QUESTION,
    mentionInfId: null,
    mentionPostId: null,
    isPrivate: false,
    helpfulVotes: 0,
    createdAt: '2026-12-05T11:00:00.000Z',
    ...overrides,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function open(answer: (url: string) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((input) => Promise.resolve(answer(input as string))),
  );
  const router = createMemoryRouter([{ path: '/question/:queryId', element: <QuestionPage /> }], {
    initialEntries: [`/question/${QUESTION}`],
  });
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a question's page", () => {
  it("shows the question, who asked whom, the store's own answer first, and never a private answer", async () => {
    open((url) =>
      url.includes('/queries/getQuery/')
        ? json({ status: 200, message: 'OK', Data: query })
        : json({
            status: 200,
            message: 'OK',
            data: [
              post('bbbbbbbbbbbbbbbbbbbbbbb3', { authorName: 'Meena Iyer' }),
              post('bbbbbbbbbbbbbbbbbbbbbbb4', { answeredAs: 'Gopal Textiles' }),
              post('bbbbbbbbbbbbbbbbbbbbbbb5', { isPrivate: true, authorName: 'Secret Sam' }),
            ],
          }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Do you stitch blouses to measure?' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Asked of Gopal Textiles' }).getAttribute('href')).toBe(
      `/viewstore/true/${STORE}`,
    );
    expect(screen.getByText(/^Asked by Asha Rao/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Answer this question' }).getAttribute('href')).toBe(
      `/addstorereview/${STORE}/${QUESTION}`,
    );
    expect(await screen.findByRole('heading', { level: 2, name: '2 answers' })).toBeTruthy();
    const answers = screen.getAllByRole('listitem');
    expect(answers[0]!.textContent).toContain('Answered by Gopal Textiles');
    expect(answers[1]!.textContent).toContain('By Meena Iyer');
    expect(screen.queryByText(/Secret Sam/)).toBeNull();
  });

  it('invites the first answer when there is none, and says so when the question does not exist', async () => {
    open((url) =>
      url.includes('/queries/getQuery/')
        ? json({ status: 200, message: 'OK', Data: query })
        : json({ status: 200, message: 'OK', data: [] }),
    );
    expect(await screen.findByText('No answers yet. Be the first to answer.')).toBeTruthy();
    cleanup();
    open(() => json({ status: 404, code: 'NOT_FOUND', message: 'This query does not exist' }, 404));
    expect(await screen.findByRole('heading', { level: 1, name: 'Question not found' })).toBeTruthy();
  });
});
