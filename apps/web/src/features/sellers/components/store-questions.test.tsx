import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnsweredQuestion, PublicShop } from '@app/domain';
import { I18nProvider } from '../../../lib/i18n/engine';
import { StoreQuestions } from './store-questions';

const STORE = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const shop = { name: 'Gopal Textiles', user_id: { _id: STORE, isBrand: false } } as PublicShop;

function question(overrides: Partial<AnsweredQuestion['answer']>, answers = 1): AnsweredQuestion {
  return {
    _id: 'aaaaaaaaaaaaaaaaaaaaaaa2',
    search: 'Do you stitch blouses to measure?',
    createdAt: '2026-12-05T10:00:00.000Z',
    answers,
    answer: {
      _id: 'aaaaaaaaaaaaaaaaaaaaaaa3',
      infId: STORE,
      title: 'Yes, in two days',
      description: 'Bring a blouse that fits.',
      authorName: 'Gopal Krishna',
      answeredAs: 'Gopal Textiles',
      createdAt: '2026-12-05T11:00:00.000Z',
      ...overrides,
    },
  };
}

function answering(response: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() => Promise.resolve(response())),
  );
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <StoreQuestions shop={shop} userId={STORE} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  );
}
const page = (data: AnsweredQuestion[]) => () =>
  new Response(JSON.stringify({ status: 200, message: 'OK', Data: data, total: data.length, more: false }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a store's answered questions", () => {
  it('shows the store’s own answer as the store’s, with a link to it and to ask the next', async () => {
    answering(page([question({}, 3)]));
    expect(await screen.findByText('1 question answered')).toBeTruthy();
    expect(screen.getByText(/^Answered by Gopal Textiles · /)).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Read the answer: Do you stitch blouses to measure?' })
        .getAttribute('href'),
    ).toBe(`/post/${STORE}/aaaaaaaaaaaaaaaaaaaaaaa3`);
    // The question and its other answers open the question's own page (issue 39).
    expect(
      screen
        .getByRole('link', { name: '2 more answers: Do you stitch blouses to measure?' })
        .getAttribute('href'),
    ).toBe('/question/aaaaaaaaaaaaaaaaaaaaaaa2');
    expect(screen.getByRole('link', { name: 'Do you stitch blouses to measure?' }).getAttribute('href')).toBe(
      '/question/aaaaaaaaaaaaaaaaaaaaaaa2',
    );
    expect(screen.getByRole('link', { name: 'Ask this store' }).getAttribute('href')).toBe(
      `/storeaskquery/${STORE}`,
    );
  });

  it('names a customer’s answer by its author, and "a former member" once their data is deleted', async () => {
    answering(page([question({ answeredAs: null, authorName: '', infId: null })]));
    expect(await screen.findByText(/^By a former member · /)).toBeTruthy();
    // A deleted author's answer has no page of its own to link to.
    expect(screen.queryByRole('link', { name: /^Read the answer/ })).toBeNull();
  });

  it('invites the first question when none is answered yet', async () => {
    answering(page([]));
    expect(await screen.findByText('No answered questions yet: ask Gopal Textiles yours.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask this store' })).toBeTruthy();
  });

  it('says when the questions could not be loaded, with a retry', async () => {
    answering(
      () => new Response(JSON.stringify({ status: 500, message: 'Database unavailable' }), { status: 500 }),
    );
    expect(await screen.findByText('Could not load the questions')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again|Retry/ })).toBeTruthy();
  });
});
