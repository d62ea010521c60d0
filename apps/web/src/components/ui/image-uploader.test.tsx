import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Media } from '@app/domain';
import { ImageUploader } from './image-uploader';

// jsdom has no canvas: compression fails here, which is also the spec's "only logged" path.
vi.mock('browser-image-compression', () => ({
  default: vi.fn(() => Promise.reject(new Error('no canvas'))),
}));

interface FakeResponse {
  status: number;
  body: unknown;
}

class FakeXhr {
  static responses: FakeResponse[] = [];
  static sent: { headers: Record<string, string>; body: FormData }[] = [];
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private headers: Record<string, string> = {};

  open() {}
  abort() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    FakeXhr.sent.push({ headers: this.headers, body });
    const response = FakeXhr.responses.shift() ?? { status: 500, body: {} };
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = response.status;
      this.responseText = JSON.stringify(response.body);
      this.onload?.();
    }, 0);
  }
}

const photo = () => new File(['pixels'], 'shop.jpg', { type: 'image/jpeg' });

beforeEach(() => {
  FakeXhr.responses = [];
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  localStorage.setItem('auth_token', 'token-123');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('ImageUploader', () => {
  it('uploads the file with the token and reports the uploaded image', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(media: Media[]) => void>();
    FakeXhr.responses.push({
      status: 201,
      body: {
        status: 201,
        message: 'ok',
        data: { name: 'products/a.jpg', url: '/media/a.jpg', type: 'IMAGE' },
      },
    });
    render(<ImageUploader label="Shop photos" onChange={onChange} />);

    await user.upload(screen.getByLabelText('Shop photos'), photo());

    expect(await screen.findByText('Uploaded')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    // The form hears of the image in an effect after the render that shows "Uploaded".
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith([
        { name: 'products/a.jpg', url: '/media/a.jpg', type: 'IMAGE' },
      ]),
    );
    expect(FakeXhr.sent[0]?.headers.Authorization).toBe('token-123');
    expect((FakeXhr.sent[0]?.body.get('file') as File).name).toBe('shop.jpg');
  });

  it('shows the upload error when the response has no url, and retry uploads again', async () => {
    const user = userEvent.setup();
    FakeXhr.responses.push({ status: 201, body: { status: 201, message: 'ok', data: {} } });
    FakeXhr.responses.push({
      status: 201,
      body: { status: 201, message: 'ok', data: { name: 'b', url: '/media/b.jpg', type: 'IMAGE' } },
    });
    render(<ImageUploader label="Shop photos" />);

    await user.upload(screen.getByLabelText('Shop photos'), photo());

    expect((await screen.findByRole('alert')).textContent).toBe('Error While uploading, retry!!');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('Uploaded')).toBeTruthy());
    expect(FakeXhr.sent).toHaveLength(2);
  });
});
