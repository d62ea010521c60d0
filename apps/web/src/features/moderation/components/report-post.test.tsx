import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { ReportPost } from './report-post';

const POST_ID = 'a1b2c3d4e5f6a1b2c3d4e5f6';

function renderButton() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ReportPost postId={POST_ID} title="Rude review" />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Report this post', () => {
  it('needs a reason, and words for "Something else", then sends the report and thanks the visitor', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({ status: 200, message: 'Thank you. Moderators will look at this post.' }),
        {
          status: 200,
        },
      ),
    );
    renderButton();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Report this post: Rude review' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByText('Choose a reason')).toBeTruthy();
    await user.click(screen.getByLabelText('Something else'));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByText('Tell us what is wrong with this post')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('What is wrong with it?'), 'Shares a phone number');
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(screen.getByText('Thank you. Moderators will look at this post.')).toBeTruthy(),
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/posts/report');
    expect(JSON.parse(init?.body as string)).toEqual({
      postId: POST_ID,
      reason: 'other',
      details: 'Shares a phone number',
    });
    expect(screen.queryByRole('button', { name: 'Send report' })).toBeNull();
  });
});
