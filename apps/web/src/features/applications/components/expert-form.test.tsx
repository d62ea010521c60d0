import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '@app/domain';
import { ExpertApplicationForm } from './expert-form';
import { IDS, json, mockFetch, renderWithProviders } from './test-utils';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });

async function fillValidExpert(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Asha Rao');
  await user.type(screen.getByLabelText('E-mail'), 'asha@example.com');
  await user.type(screen.getByLabelText('Contact number'), '9876543210');
  await screen.findByRole('option', { name: 'Karnataka' });
  await user.selectOptions(screen.getByLabelText('State'), 'Karnataka');
  await screen.findByRole('option', { name: 'Bengaluru' });
  await user.selectOptions(screen.getByLabelText('City'), 'Bengaluru');
  await user.selectOptions(screen.getByLabelText('Education'), 'Post Graduate');
  await screen.findByRole('option', { name: 'Fitness' });
  await user.selectOptions(screen.getByLabelText('Expertise'), 'Fitness');
  await user.type(screen.getByLabelText('Years of experience'), '5');
}

describe('expert application form', () => {
  it('shows the rule messages for bad input and keeps submit disabled until required fields are filled', async () => {
    mockFetch();
    const user = userEvent.setup();
    renderWithProviders(<ExpertApplicationForm />);

    expect(submitButton().getAttribute('aria-disabled')).toBe('true');

    await user.type(screen.getByLabelText('Name'), 'Asha 2');
    await user.type(screen.getByLabelText('E-mail'), 'asha@example');
    await user.type(screen.getByLabelText('Contact number'), '12345');
    await user.type(screen.getByLabelText('Years of experience'), '120');
    await user.tab();

    expect(
      await screen.findByText('Use letters, spaces, apostrophes, hyphens, periods or & only'),
    ).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Enter a 10-digit contact number')).toBeTruthy();
    expect(screen.getByText('Years of experience must be 0 to 99')).toBeTruthy();
    // Error border #CE0F0F on an invalid field.
    expect(screen.getByLabelText('Name').style.borderColor).toBe('rgb(206, 15, 15)');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');

    await user.clear(screen.getByLabelText('Name'));
    await user.clear(screen.getByLabelText('E-mail'));
    await user.clear(screen.getByLabelText('Contact number'));
    await user.clear(screen.getByLabelText('Years of experience'));
    await fillValidExpert(user);
    // Every required field is filled but no social handle yet.
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(/Add at least one of Instagram, Facebook or Twitter/)).toBeTruthy();

    await user.type(screen.getByLabelText('Instagram'), 'asha.fit');
    expect(submitButton().getAttribute('aria-disabled')).toBeNull();
    // Valid touched field: the spec's blue at 3:1, #5A88CC.
    expect(screen.getByLabelText('Name').style.borderColor).toBe('rgb(90, 136, 204)');
  });

  it('offers at most three extra links', async () => {
    mockFetch();
    const user = userEvent.setup();
    renderWithProviders(<ExpertApplicationForm />);
    const add = screen.getByRole<HTMLButtonElement>('button', { name: 'Add link' });
    await user.click(add);
    await user.click(add);
    expect(add.disabled).toBe(false);
    await user.click(add);
    expect(add.disabled).toBe(true);
    expect(screen.getByLabelText('Link 3 URL')).toBeTruthy();
  });

  it('sends the expert payload, asks for the code and says where the password went', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/users/verifyContact'
        ? json({ status: 200, message: 'Contact verified', data: { sentTo: 'your e-mail a***@example.com' } })
        : json(
            {
              status: 201,
              message: 'Your account has been saved',
              data: { _id: IDS.user, role: 'USER', sentTo: 'your e-mail a***@example.com' },
            },
            201,
          ),
    );
    const user = userEvent.setup();
    renderWithProviders(<ExpertApplicationForm />);
    await fillValidExpert(user);
    await user.type(screen.getByLabelText('Twitter'), 'asha_fit');
    // Without the 18-or-older box nothing is sent: the summary names it and links to it.
    await user.click(submitButton());
    const summary = await screen.findByRole('link', { name: 'You must be 18 or older to use Revuhub' });
    await user.click(summary);
    expect(document.activeElement).toBe(screen.getByLabelText('I am 18 or older'));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/endUsers/registerNewUser')).toBe(false);
    await user.click(screen.getByLabelText('I am 18 or older'));
    await user.click(submitButton());

    expect(await screen.findByRole('heading', { name: 'Thank you for applying!' })).toBeTruthy();
    expect(screen.getByText(/We sent a 6-digit code to your e-mail a\*\*\*@example.com/)).toBeTruthy();
    expect(screen.getByText('Your account has been saved', { selector: '.toast *' })).toBeTruthy();
    await user.type(screen.getByLabelText('Verification code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    await user.clear(screen.getByLabelText('Verification code'));
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Default password for new account: sent to your e-mail a***@example.com'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/login');
    const verifyCall = fetchMock.mock.calls.find(([url]) => url === '/api/users/verifyContact');
    expect(JSON.parse(verifyCall?.[1]?.body as string)).toEqual({ _id: IDS.user, code: '123456' });

    const call = fetchMock.mock.calls.find(([url]) => url === '/api/endUsers/registerNewUser');
    expect(JSON.parse(call?.[1]?.body as string)).toMatchObject({
      name: 'Asha Rao',
      email: 'asha@example.com',
      mobile: '9876543210',
      if_expert: true,
      years_Active: 5,
      category_id: IDS.fitness,
      expertise: 'Fitness',
      state: 'Karnataka',
      city: 'Bengaluru',
      education: 'Post Graduate',
      twitter_link: { name: 'twitter', url: 'asha_fit' },
      consent: { version: PRIVACY_NOTICE_VERSION, adultConfirmed: true },
    });
  });

  it('shows the spec banner, marks the field and toasts on a 409', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch(() =>
      json(
        {
          status: 409,
          code: 'CONFLICT',
          message: 'An account with this e-mail already exists',
          errors: { email: 'An account with this e-mail already exists' },
        },
        409,
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<ExpertApplicationForm />);
    await fillValidExpert(user);
    await user.type(screen.getByLabelText('Facebook'), 'asha');
    await user.click(screen.getByLabelText('I am 18 or older'));
    await user.click(submitButton());

    const banner = await screen.findByText(/^Error detected-/);
    // Focus moves to the banner, which is how it is announced (once, not also as an alert).
    await waitFor(() => expect(document.activeElement).toBe(banner));
    expect(banner.textContent).toBe(
      'Error detected- An account with this e-mail already exists Please correct and submit again',
    );
    await waitFor(() => expect(screen.getByLabelText('E-mail').style.borderColor).toBe('rgb(206, 15, 15)'));
    expect(screen.getByText('There was an error')).toBeTruthy();
    expect(submitButton().getAttribute('aria-disabled')).toBeNull();
  });
});
