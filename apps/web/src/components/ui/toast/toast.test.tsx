import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readingTimeMs, TOAST_DURATION_MS, ToastProvider, useToast } from './index';

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.showSuccess()}>save</button>
      <button onClick={() => toast.showError()}>fail</button>
      <button onClick={() => toast.showError('Card declined')}>fail with message</button>
    </>
  );
}

function renderToast() {
  render(
    <ToastProvider>
      <Trigger />
    </ToastProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows Success with the default message on a green toast, and CLOSE hides it', async () => {
    const user = userEvent.setup();
    renderToast();

    await user.click(screen.getByRole('button', { name: 'save' }));

    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Success');
    expect(status.textContent).toContain('Your account has been saved');
    expect(status.querySelector('.toast--success')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'CLOSE' }));
    expect(screen.queryByText('Success')).toBeNull();
    expect(screen.queryByRole('button', { name: 'CLOSE' })).toBeNull();
  });

  it('shows Error with the default or given message on a red toast', async () => {
    const user = userEvent.setup();
    renderToast();

    await user.click(screen.getByRole('button', { name: 'fail' }));
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.getByText('There was an error')).toBeTruthy();
    // An error is announced at once (alert); a success politely (status).
    expect(screen.getByRole('alert').querySelector('.toast--error')).not.toBeNull();
    expect(screen.getByRole('status').querySelector('.toast')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'fail with message' }));
    expect(screen.getByText('Card declined')).toBeTruthy();
  });

  it('hides itself after about six seconds', () => {
    vi.useFakeTimers();
    renderToast();

    act(() => screen.getByRole('button', { name: 'save' }).click());
    expect(screen.getByText('Success')).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    });
    expect(screen.getByText('Success')).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Success')).toBeNull();
  });

  it('keeps a long message up long enough to read it', () => {
    const long =
      'Your card was declined by the bank because the billing address does not match the one on file';
    expect(readingTimeMs('There was an error')).toBe(TOAST_DURATION_MS);
    expect(readingTimeMs(long)).toBeGreaterThan(TOAST_DURATION_MS);
  });

  it('reserves room at the bottom of the page while it shows, and Escape closes it', async () => {
    const user = userEvent.setup();
    renderToast();
    await user.click(screen.getByRole('button', { name: 'fail' }));
    expect(document.documentElement.style.getPropertyValue('--toast-space')).not.toBe('');

    await user.click(screen.getByRole('button', { name: 'CLOSE' }));
    expect(document.documentElement.style.getPropertyValue('--toast-space')).toBe('');

    await user.click(screen.getByRole('button', { name: 'fail' }));
    screen.getByRole('button', { name: 'CLOSE' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('There was an error')).toBeNull();
  });
});
