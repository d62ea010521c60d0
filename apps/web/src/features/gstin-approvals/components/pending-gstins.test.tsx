import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingGstin } from '@app/domain';
import { ToastProvider } from '../../../components/ui/toast';
import { I18nProvider } from '../../../lib/i18n/engine';
import { PendingGstins } from './pending-gstins';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const waiting: PendingGstin = {
  _id: 'a1b2c3d4e5f6a1b2c3d4e5f6',
  seller: {
    sellerUserId: 'b1b2c3d4e5f6a1b2c3d4e5f6',
    name: 'Sunita Gowda',
    storeName: 'Gowda Footwear',
    gstin: '',
  },
  storeState: 'Karnataka',
  legalName: 'Gowda Footwear LLP',
  gstin: '29AAPFU0939F1ZV',
  pan: 'AAPFU0939F',
  requestedAt: '2026-11-24T10:30:00.000Z',
  sharedWith: [],
  heldUnlinked: [],
};

/** The API client fetches by path. */
const pathOf = (input: unknown) => (typeof input === 'string' ? input : '');

function renderList(item: PendingGstin = waiting) {
  const fetchMock = vi.fn<typeof fetch>((url) =>
    Promise.resolve(
      new Response(
        JSON.stringify(
          pathOf(url).endsWith('/admin/gstins')
            ? { status: 200, message: 'OK', data: [item] }
            : { status: 200, message: 'Done' },
        ),
        { status: 200, headers: { 'content-type': 'application/json' } },
      ),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <PendingGstins />
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return fetchMock;
}

describe('PendingGstins', () => {
  it('shows what the admin checks, and approves by the named button', async () => {
    const fetchMock = renderList();
    const card = await screen.findByRole('article', { name: '29AAPFU0939F1ZV · Sunita Gowda' });
    for (const text of ['AAPFU0939F', 'Karnataka (29)', 'No GSTIN: bills of supply', 'Gowda Footwear LLP'])
      expect(within(card).getByText(text)).toBeTruthy();
    await userEvent
      .setup()
      .click(within(card).getByRole('button', { name: 'Approve GSTIN 29AAPFU0939F1ZV of Sunita Gowda' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => pathOf(url).endsWith(`/admin/gstins/${waiting._id}/approve`)),
      ).toBe(true),
    );
  });

  it('asks for the reason of a refusal before sending it', async () => {
    const fetchMock = renderList();
    const card = await screen.findByRole('article', { name: '29AAPFU0939F1ZV · Sunita Gowda' });
    const user = userEvent.setup();
    const refuse = within(card).getByRole('button', { name: 'Refuse GSTIN 29AAPFU0939F1ZV of Sunita Gowda' });
    await user.click(refuse);
    expect(await within(card).findByText('Give the seller a reason')).toBeTruthy();
    await user.type(
      within(card).getByLabelText('Reason for a refusal (the seller reads it)'),
      'Cancelled on the portal',
    );
    await user.click(refuse);
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([url]) => pathOf(url).endsWith('/refuse'));
      expect(JSON.parse(call?.[1]?.body as string)).toEqual({ reason: 'Cancelled on the portal' });
    });
  });

  it('says before Approve that an unlinked seller holds the GSTIN, and names them', async () => {
    renderList({
      ...waiting,
      heldUnlinked: [
        {
          sellerUserId: 'c1b2c3d4e5f6a1b2c3d4e5f6',
          name: 'Ravi Kumar',
          storeName: 'Ravi Shoes',
          gstin: waiting.gstin,
        },
      ],
    });
    const card = await screen.findByRole('article', { name: '29AAPFU0939F1ZV · Sunita Gowda' });
    expect(within(card).getByText('Ravi Kumar (Ravi Shoes)')).toBeTruthy();
    expect(within(card).getByRole('note').textContent).toContain('approving is refused until you link them');
  });

  it('says nothing of the kind when nobody else holds it', async () => {
    renderList();
    const card = await screen.findByRole('article', { name: '29AAPFU0939F1ZV · Sunita Gowda' });
    expect(within(card).queryByRole('note')).toBeNull();
    expect(within(card).queryByText('Also carried by (not linked)')).toBeNull();
  });
});
