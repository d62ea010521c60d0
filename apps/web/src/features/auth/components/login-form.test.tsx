import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@app/domain';
import { I18nProvider } from '../../../lib/i18n/engine';
import AdminLoginPage from '../pages/admin-login-page';
import LoginPage from '../pages/login-page';
import TeamLoginPage from '../pages/team-login-page';

const USER_ID = 'a1b2c3d4e5f6a1b2c3d4e5f6';

function loginResponse(role: Role, rights: string[] = []) {
  return {
    status: 200,
    message: 'Login successful',
    data: {
      _id: USER_ID,
      token: 'token-123',
      profile: {
        _id: USER_ID,
        name: 'Asha',
        email: 'asha@example.com',
        role,
        isActive: true,
        isBrand: false,
        mustChangePassword: false,
        shops: [],
        rights,
      },
    },
  };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderAt(path: string, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: <QueryClientProvider client={client}>{page}</QueryClientProvider> },
      { path: '/manageseller', element: <p>Manage seller screen</p> },
      { path: '/viewstore/true/:userId', element: <p>Store screen</p> },
      { path: '/myaccount', element: <p>Account screen</p> },
      { path: '/moderatereviews', element: <p>Moderation screen</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nProvider>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('login page', () => {
  it('keeps the login button disabled until both e-mail and password are given', async () => {
    const user = userEvent.setup();
    renderAt('/login', <LoginPage />);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Login' });
    expect(button.getAttribute('aria-disabled')).toBe('true');

    await user.type(screen.getByLabelText('E-mail'), 'asha@example.com');
    expect(button.getAttribute('aria-disabled')).toBe('true');

    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    expect(button.getAttribute('aria-disabled')).toBeNull();

    await user.clear(screen.getByLabelText('E-mail'));
    expect(button.getAttribute('aria-disabled')).toBe('true');
  });

  it('sends userName and password, stores the session and opens the seller store', async () => {
    fetchMock.mockResolvedValueOnce(json(loginResponse('SELLER')));
    renderAt('/login', <LoginPage />);

    await fillAndSubmit('asha@example.com', 'secret-pass');

    expect(await screen.findByText('Store screen')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/users/login');
    expect(JSON.parse(init?.body as string)).toEqual({
      userName: 'asha@example.com',
      password: 'secret-pass',
    });
    expect(localStorage.getItem('auth_token')).toBe('token-123');
    expect(JSON.parse(localStorage.getItem('user-data') ?? '{}')).toMatchObject({ _id: USER_ID });
  });

  it('takes an applicant still waiting for approval, an expert or a customer to their account page', async () => {
    for (const role of ['USER', 'END_USER'] as const) {
      fetchMock.mockResolvedValueOnce(json(loginResponse(role)));
      renderAt('/login', <LoginPage />);
      await fillAndSubmit('asha@example.com', 'secret-pass');
      expect(await screen.findByText('Account screen')).toBeTruthy();
      cleanup();
    }
  }, 15_000);

  it('shows the server message when the login fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(
      json({ status: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid e-mail or password' }, 401),
    );
    renderAt('/login', <LoginPage />);

    await fillAndSubmit('asha@example.com', 'wrong-pass');

    const message = await screen.findByText('Invalid e-mail or password');
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});

describe('finishing verification from the login page', () => {
  it('after a failed login, sends a new code and the code sends the one-time password', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer =
      'If an application with this e-mail or mobile is waiting for its code, we sent a new code there.';
    fetchMock
      .mockResolvedValueOnce(
        json({ status: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid e-mail or password' }, 401),
      )
      .mockResolvedValueOnce(json({ status: 200, message: answer }))
      .mockResolvedValueOnce(
        json({ status: 200, message: 'Contact verified', data: { sentTo: 'your e-mail m***@example.com' } }),
      );
    const user = userEvent.setup();
    renderAt('/login', <LoginPage />);
    await fillAndSubmit('meena@example.com', 'no-password-yet');
    await screen.findByText('Invalid e-mail or password');

    await user.click(screen.getByRole('button', { name: 'Verify your e-mail' }));
    expect(screen.getByRole('heading', { name: 'Verify your e-mail' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(answer)).toBeTruthy();
    await user.type(screen.getByLabelText('Verification code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(
      await screen.findByText(/We sent your one-time password to your e-mail m\*\*\*@example.com/),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Verify your e-mail' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/users/login',
      '/api/users/sendVerificationCode',
      '/api/users/verifyContactByLogin',
    ]);
    expect(JSON.parse(fetchMock.mock.calls[2]?.[1]?.body as string)).toEqual({
      userName: 'meena@example.com',
      code: '482913',
    });
  }, 15_000);
});

describe('admin login page', () => {
  it('alerts "You dont have admin rights!" for a non-admin and keeps no session', async () => {
    localStorage.setItem('auth_token', 'old-token');
    fetchMock
      .mockResolvedValueOnce(json(loginResponse('SELLER')))
      .mockResolvedValueOnce(json({ status: 200, message: 'Logged out' }));
    renderAt('/adminlogin', <AdminLoginPage />);
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeTruthy();

    await fillAndSubmit('seller@example.com', 'secret-pass');

    expect((await screen.findByRole('alertdialog')).textContent).toContain('You dont have admin rights!');
    // The login request is still sent, then the unwanted session is ended with its own token.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users/login');
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/users/logout');
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('Authorization')).toBe('token-123');
    await waitFor(() => expect(localStorage.getItem('auth_token')).toBeNull());
    expect(localStorage.getItem('user-data')).toBeNull();
    expect(screen.queryByText('Manage seller screen')).toBeNull();
  });

  it('takes an admin to /manageseller without an alert', async () => {
    fetchMock.mockResolvedValueOnce(json(loginResponse('ADMIN')));
    renderAt('/adminlogin', <AdminLoginPage />);

    await fillAndSubmit('admin@example.com', 'secret-pass');

    expect(await screen.findByText('Manage seller screen')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(localStorage.getItem('auth_token')).toBe('token-123');
  });
});

describe('team login page', () => {
  it('takes a team member with the moderate right to /moderatereviews and refuses a seller', async () => {
    fetchMock.mockResolvedValueOnce(json(loginResponse('TEAM', ['moderate'])));
    renderAt('/teamlogin', <TeamLoginPage />);
    expect(screen.getByRole('heading', { name: 'Team Login' })).toBeTruthy();
    await fillAndSubmit('team@example.com', 'secret-pass');
    expect(await screen.findByText('Moderation screen')).toBeTruthy();
    cleanup();
    localStorage.clear();

    fetchMock
      .mockResolvedValueOnce(json(loginResponse('SELLER')))
      .mockResolvedValueOnce(json({ status: 200, message: 'Logged out' }));
    renderAt('/teamlogin', <TeamLoginPage />);
    await fillAndSubmit('seller@example.com', 'secret-pass');
    expect((await screen.findByRole('alertdialog')).textContent).toContain('You dont have team rights!');
    await waitFor(() => expect(localStorage.getItem('auth_token')).toBeNull());
  }, 15_000);
});
