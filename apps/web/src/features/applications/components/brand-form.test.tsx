import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '@app/domain';
import { BrandApplication } from './brand-form';
import { setToken } from '../../../lib/storage';
import { IDS, json, mockFetch, renderWithProviders } from './test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('brand application', () => {
  it('"Schedule a Demo" rejects a bad e-mail and prefills the form with a good one', async () => {
    mockFetch();
    const user = userEvent.setup();
    renderWithProviders(<BrandApplication />);
    const demo = screen.getByLabelText('Business e-mail');
    const formEmail = screen.getByLabelText<HTMLInputElement>('E-mail');

    await user.type(demo, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Schedule a Demo' }));
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(formEmail.value).toBe('');

    await user.clear(demo);
    await user.type(demo, 'Owner@Brand.example');
    await user.click(screen.getByRole('button', { name: 'Schedule a Demo' }));
    expect(screen.queryByText('Enter a valid e-mail address')).toBeNull();
    expect(formEmail.value).toBe('owner@brand.example');
    expect(document.activeElement).toBe(screen.getByLabelText('Your name'));
    expect(screen.getByRole('heading', { name: 'Tell us a Bit About your Brand' })).toBeTruthy();
    expect(screen.getByText(/signing up does not guarantee access/)).toBeTruthy();
  });

  it('enables submit only when all six fields are filled', async () => {
    mockFetch();
    const user = userEvent.setup();
    renderWithProviders(<BrandApplication />);
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });

    await user.type(screen.getByLabelText('Your name'), 'Ravi Kumar');
    await user.type(screen.getByLabelText('E-mail'), 'ravi@brand.example');
    await user.type(screen.getByLabelText('Contact number'), '9876543210');
    await user.type(screen.getByLabelText('Brand name'), 'Ravi Shoes');
    await screen.findByRole('option', { name: 'Fashion' });
    await user.selectOptions(screen.getByLabelText('What do you sell?'), 'Fashion');
    expect(submit.getAttribute('aria-disabled')).toBe('true');
    await user.type(screen.getByLabelText('Website'), 'ravishoes.example');
    expect(submit.getAttribute('aria-disabled')).toBeNull();
  });

  it('re-applies with the earlier answers filled in, signed in, and says the admin decides again', async () => {
    setToken('session-of-the-rejected-brand');
    const fetchMock = mockFetch(() =>
      json(
        {
          status: 201,
          message: 'Your account has been saved',
          data: { _id: IDS.user, role: 'USER', sentTo: '', reapplied: true },
        },
        201,
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <BrandApplication
        reapply
        initial={{
          ownerName: 'Arjun Mehta',
          emailId: 'arjun@mehtadenim.example',
          contactNum: '9876543210',
          companyName: 'Mehta Denim',
          sellCategory: 'Fashion',
          websiteLink: 'http://mehtadenim.in',
        }}
      />,
    );
    const email = screen.getByLabelText<HTMLInputElement>('E-mail');
    expect(email.value).toBe('arjun@mehtadenim.example');
    expect(email.readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Brand name').value).toBe('Mehta Denim');
    await screen.findByRole('option', { name: 'Fashion' });
    await user.clear(screen.getByLabelText('Website'));
    await user.type(screen.getByLabelText('Website'), 'mehtadenim.co.in');
    await user.click(screen.getByLabelText('I am 18 or older'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Your application was sent again' })).toBeTruthy();
    expect(screen.queryByLabelText(/code/i)).toBeNull();
    const [, init] = fetchMock.mock.calls.find(([url]) =>
      (url as string).includes('/users/registerNewUser'),
    )!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('session-of-the-rejected-brand');
    expect(JSON.parse(init?.body as string)).toMatchObject({
      companyName: 'Mehta Denim',
      websiteLink: 'http://mehtadenim.co.in',
      consent: { version: PRIVACY_NOTICE_VERSION, adultConfirmed: true },
    });
  });
});
