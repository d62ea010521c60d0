import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { PayoutForm } from './payout-form';
import { I18nProvider } from '../../../lib/i18n/engine';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USER = 'aaaaaaaaaaaaaaaaaaaaaaa1';

function renderForm(answer: { status: number; body: object }) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <PayoutForm userId={USER} name="Ledger Looms" kind="SETTLEMENT" />
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return fetchMock;
}

describe('PayoutForm', () => {
  it('sends the rupees typed as paise with the reference, and names a refusal on its field', async () => {
    const fetchMock = renderForm({
      status: 409,
      body: {
        status: 409,
        code: 'CONFLICT',
        message: 'The payout is above what is owed (₹1,415.05)',
        errors: { amountPaise: 'The payout is above what is owed (₹1,415.05)' },
      },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount paid, ₹ (settlement)'), '1499.5');
    await user.type(screen.getByLabelText('Bank reference (UTR)'), 'UTR0042');
    await user.click(screen.getByRole('button', { name: 'Record payout' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/ledger/payouts');
    expect(JSON.parse(init?.body as string)).toEqual({
      userId: USER,
      kind: 'SETTLEMENT',
      amountPaise: 149_950,
      reference: 'UTR0042',
    });
    expect(await screen.findByText('The payout is above what is owed (₹1,415.05)')).toBeTruthy();
  });

  it('asks for an amount and a reference before sending anything', async () => {
    const fetchMock = renderForm({ status: 201, body: {} });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount paid, ₹ (settlement)'), '1,000');
    await user.click(screen.getByRole('button', { name: 'Record payout' }));
    expect(await screen.findByText('Enter an amount in rupees above zero, e.g. 1499.50')).toBeTruthy();
    expect(screen.getByText('Enter the bank reference (UTR) of the transfer')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
