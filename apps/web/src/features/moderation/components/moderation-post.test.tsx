import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicPost } from '@app/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { LastActionBar } from './last-action';
import { ModerationPost } from './moderation-post';
import { I18nProvider } from '../../../lib/i18n/engine';

const POST_ID = 'a1b2c3d4e5f6a1b2c3d4e5f6';
const AUTHOR = 'b1b2c3d4e5f6a1b2c3d4e5f6';
const PRODUCT = 'c1b2c3d4e5f6a1b2c3d4e5f6';

function post(overrides: Partial<PublicPost['postData']> & { hasInvoice?: boolean } = {}): PublicPost {
  const { hasInvoice = true, ...postData } = overrides;
  return {
    _id: POST_ID,
    infId: AUTHOR,
    authorName: 'Leela',
    type: 'IMAGE',
    kind: 'review',
    postData: {
      _id: POST_ID,
      data: [{ url: '/media/reviews/a.webp', thumbnail: '' }],
      invoice: hasInvoice ? [{ url: '/media/invoices/one.pdf' }] : [],
      caption: [{ value: 'Earbuds that last' }],
      desc: [{ value: 'Bought at MG Road.' }],
      links: [],
      products: [{ name: 'Nimbus Buds Air', productID: PRODUCT, ordered: false }],
      ...postData,
    },
    hasInvoice,
    hashtags: [],
    categories: [],
    storeUserId: null,
    brandUserId: null,
    influencerUserId: null,
    queryId: null,
    mentionInfId: null,
    mentionPostId: null,
    isPrivate: false,
    helpfulVotes: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
  };
}

function renderPost(p: PublicPost) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <I18nProvider>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <LastActionBar>
            <ModerationPost post={p} />
          </LastActionBar>
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a post on the moderation list', () => {
  it('shows images, the invoice link, text and a Verify that is disabled as soon as it is clicked', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderPost(post());
    expect(screen.getByRole('img', { name: 'Earbuds that last image 1' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check Invoice' }).getAttribute('href')).toBe(
      '/media/invoices/one.pdf',
    );
    expect(screen.getByText('Bought at MG Road.')).toBeTruthy();

    const verify = screen.getByRole<HTMLButtonElement>('button', { name: 'Verify Nimbus Buds Air' });
    await userEvent.setup().click(verify);
    // Marked ordered before the server answers (spec section 4).
    expect(verify.disabled).toBe(true);
    expect(screen.getByText('Verified purchase')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/inflncr/updatePostDetWeb');
    expect(JSON.parse(init?.body as string)).toEqual({
      postId: POST_ID,
      inflncrId: AUTHOR,
      products: [{ productID: PRODUCT }],
    });
    answer(new Response(JSON.stringify({ status: 200, message: 'product updated!' }), { status: 200 }));
    await waitFor(() => expect(screen.getByText('Purchase verified')).toBeTruthy());
  });

  it('takes a verification back with Undo, and focus goes to the Verify of the same product', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() =>
        Promise.resolve(new Response(JSON.stringify({ status: 200, message: 'product updated!' }))),
      );
    renderPost(post({ products: [{ name: 'Nimbus Buds Air', productID: PRODUCT, ordered: true }] }));
    const undo = screen.getByRole('button', { name: 'Undo the verification of Nimbus Buds Air' });
    await userEvent.setup().click(undo);
    await waitFor(() => expect(screen.getByText('Verified purchase mark taken back')).toBeTruthy());
    expect(screen.queryByText('Verified purchase')).toBeNull();
    const verify = screen.getByRole<HTMLButtonElement>('button', { name: 'Verify Nimbus Buds Air' });
    expect(verify.disabled).toBe(false);
    expect(document.activeElement).toBe(verify);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(init?.body as string)).toEqual({
      postId: POST_ID,
      inflncrId: AUTHOR,
      products: [{ productID: PRODUCT }],
      ordered: false,
    });
  });

  it('offers no Verify without an invoice, and none enabled for a product already verified', () => {
    renderPost(post({ hasInvoice: false }));
    expect(screen.queryByRole('button', { name: /^Verify/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Check Invoice' })).toBeNull();
    cleanup();
    renderPost(post({ products: [{ name: 'Nimbus Buds Air', productID: PRODUCT, ordered: true }] }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Verify Nimbus Buds Air' }).disabled).toBe(
      true,
    );
    expect(screen.getByText('Verified purchase')).toBeTruthy();
  });
});

describe('moderation actions on a post', () => {
  it('asks for a reason before hiding, then sends the hide with it', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          status: 200,
          message: 'Post hidden',
          Data: {
            state: 'hidden',
            action: {
              _id: POST_ID,
              postId: POST_ID,
              postTitle: 'Earbuds that last',
              action: 'hide',
              reason: 'Insults the seller',
              actorName: 'Priya',
              createdAt: '2026-11-01T10:00:00.000Z',
            },
          },
        }),
        { status: 200 },
      ),
    );
    renderPost(post());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Hide Earbuds that last' }));
    expect(screen.getByText('Say why, in a few words')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Reason (the author sees it)'), 'Insults the seller');
    await user.click(screen.getByRole('button', { name: 'Hide Earbuds that last' }));
    await waitFor(() => expect(screen.getByText('Post hidden')).toBeTruthy());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/moderation/posts/act');
    expect(JSON.parse(init?.body as string)).toEqual({
      postId: POST_ID,
      action: 'hide',
      reason: 'Insults the seller',
    });
  });

  it('keeps the last action undoable in the bar, says when the author is told, and undoes it', async () => {
    const undoUntil = new Date(Date.now() + 10 * 60_000).toISOString();
    const action = {
      _id: 'd1b2c3d4e5f6a1b2c3d4e5f6',
      postId: POST_ID,
      postTitle: 'Earbuds that last',
      action: 'hide',
      reason: 'Insults the seller',
      actorName: 'Priya',
      createdAt: '2026-11-01T10:00:00.000Z',
    };
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(
        new Response(
          JSON.stringify(
            (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).endsWith(
              '/undo',
            )
              ? {
                  status: 200,
                  message: 'Undone: the post is as it was, and its author is not told',
                  Data: { state: 'visible', action: { ...action, action: 'restore' } },
                }
              : { status: 200, message: 'Post hidden', Data: { state: 'hidden', action, undoUntil } },
          ),
        ),
      ),
    );
    renderPost(post());
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Reason (the author sees it)'), 'Insults the seller');
    await user.click(screen.getByRole('button', { name: 'Hide Earbuds that last' }));
    const bar = await screen.findByText(/Its author is told at .* unless you undo it\./);
    expect(bar.textContent).toContain('Post hidden: “Earbuds that last”.');
    await user.click(screen.getByRole('button', { name: 'Undo: Earbuds that last' }));
    await waitFor(() =>
      expect(screen.getByText('Undone: the post is as it was, and its author is not told')).toBeTruthy(),
    );
    expect(screen.queryByRole('button', { name: 'Undo: Earbuds that last' })).toBeNull();
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/api/moderation/posts/undo');
    expect(JSON.parse(init?.body as string)).toEqual({ actionId: action._id });
  });

  it('offers Restore, not Hide, for a hidden post and shows why it was hidden', () => {
    renderPost({ ...post(), moderation: { state: 'hidden', reason: 'Spam links' } });
    expect(screen.getByText(/Spam links/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore Earbuds that last' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hide Earbuds that last' })).toBeNull();
  });
});
