import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gstinCheckCharacter, type SellerTaxDetailsView } from '@app/domain';
import { ToastProvider } from '../../../components/ui/toast';
import { I18nProvider } from '../../../lib/i18n/engine';
import { TaxDetailsForm } from './tax-details-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const APPROVED = gstin('29AAPFU0939F1Z');
const NEW = gstin('29AAKCG4410Q1Z');

const saved: SellerTaxDetailsView = {
  legalName: 'Gowda Footwear LLP',
  address: '12 MG Road, Bengaluru 560001',
  stateCode: '29',
  gstin: APPROVED,
  pan: 'AAPFU0939F',
  approvedGstin: APPROVED,
  gstinReview: null,
  productsWithoutHsn: 0,
};

/** The API as the form meets it: the saved details, and `put` answering a save. */
function renderForm(details: SellerTaxDetailsView, put: SellerTaxDetailsView = details) {
  const fetchMock = vi.fn<typeof fetch>((_url, init) =>
    Promise.resolve(
      new Response(
        JSON.stringify({ status: 200, message: 'OK', data: init?.method === 'PUT' ? put : details }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      ),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <I18nProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <TaxDetailsForm />
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return fetchMock;
}

describe('TaxDetailsForm', () => {
  it('asks for the PAN of the GSTIN and names a PAN that is not its own on the PAN field', async () => {
    const fetchMock = renderForm(saved);
    const pan = screen.getByLabelText<HTMLInputElement>('PAN');
    await waitFor(() => expect(pan.value).toBe('AAPFU0939F'));
    expect(screen.getByLabelText('GSTIN').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Approved: your tax invoices carry this GSTIN/)).toBeTruthy();

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('GSTIN'));
    await user.type(screen.getByLabelText('GSTIN'), NEW);
    await user.click(screen.getByRole('button', { name: 'Save tax details' }));

    const message =
      "This PAN is not the GSTIN's: characters 3 to 12 of a GSTIN are the PAN it is registered to";
    await waitFor(() => expect(pan.getAttribute('aria-invalid')).toBe('true'));
    const errorId = pan
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error'));
    expect(document.getElementById(errorId ?? '')?.textContent).toBe(message);
    // Nothing was sent but the first read.
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toEqual([]);
  });

  it('sends the PAN with the GSTIN and says the new GSTIN waits for approval', async () => {
    const pending: SellerTaxDetailsView = {
      ...saved,
      gstin: NEW,
      pan: 'AAKCG4410Q',
      gstinReview: {
        state: 'PENDING',
        gstin: NEW,
        requestedAt: '2026-11-24T10:30:00.000Z',
        reason: '',
        decidedAt: null,
      },
    };
    const fetchMock = renderForm(saved, pending);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('PAN').value).toBe('AAPFU0939F'));
    await user.clear(screen.getByLabelText('GSTIN'));
    await user.type(screen.getByLabelText('GSTIN'), NEW.toLowerCase());
    await user.clear(screen.getByLabelText('PAN'));
    await user.type(screen.getByLabelText('PAN'), 'aakcg4410q');
    await user.click(screen.getByRole('button', { name: 'Save tax details' }));

    expect(
      await screen.findByText(
        `Tax details saved. Revuhub checks your new GSTIN before your invoices carry it; until then they carry ${APPROVED}.`,
      ),
    ).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(put?.[1]?.body as string)).toMatchObject({ gstin: NEW, pan: 'AAKCG4410Q' });
    // Under the GSTIN: it waits, and the invoices carry the approved one meanwhile.
    expect(screen.getByText(new RegExp(`Until then your invoices carry ${APPROVED}`))).toBeTruthy();
  });

  it('shows a refused GSTIN with the reason Revuhub gave', () => {
    renderForm({
      ...saved,
      approvedGstin: '',
      gstin: '',
      pan: '',
      gstinReview: {
        state: 'REFUSED',
        gstin: NEW,
        requestedAt: '2026-11-24T10:30:00.000Z',
        reason: 'The GST portal shows it cancelled',
        decidedAt: '2026-11-25T10:30:00.000Z',
      },
    });
    return waitFor(() =>
      expect(
        screen.getByText(
          new RegExp(`Revuhub did not approve GSTIN ${NEW}: The GST portal shows it cancelled\\.`),
        ),
      ).toBeTruthy(),
    );
  });
});
