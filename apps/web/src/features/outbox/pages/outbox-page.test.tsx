import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../lib/i18n/engine';
import OutboxPage from './outbox-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nProvider>
      <QueryClientProvider client={client}>
        <OutboxPage />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const message = {
  _id: 'cccccccccccccccccccccccc',
  channel: 'email',
  to: 'asha@example.com',
  subject: 'Your Revuhub verification code',
  text: 'Your Revuhub verification code is 123456.',
  purpose: 'verify-contact',
  createdAt: '2026-11-23T10:00:00.000Z',
};

it('lists the messages for a recipient, and says when there are none', async () => {
  const fetchMock = vi.fn<typeof fetch>((input) =>
    Promise.resolve(
      json({ status: 200, message: 'OK', data: (input as string).includes('asha') ? [message] : [] }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  const user = userEvent.setup();
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Outbox' })).toBeTruthy();
  expect(await screen.findByText('No messages yet')).toBeTruthy();

  await user.type(screen.getByLabelText('Recipient e-mail or mobile'), ' Asha@Example.com ');
  await user.click(screen.getByRole('button', { name: 'Show' }));
  expect(await screen.findByText('Your Revuhub verification code is 123456.')).toBeTruthy();
  expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/admin/outbox?to=asha%40example.com');
});

it('shows the server message when the outbox cannot be read', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(() =>
      Promise.resolve(
        json({ status: 403, code: 'FORBIDDEN', message: 'You are not allowed to do this' }, 403),
      ),
    ),
  );
  renderPage();
  expect(await screen.findByText('Could not load the outbox')).toBeTruthy();
  expect(screen.getByText('You are not allowed to do this')).toBeTruthy();
});
