import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADULT_REQUIRED, PRIVACY_NOTICE_VERSION } from '@app/domain';
import { consentPayload, ConsentField, useConsentError } from './consent-field';

function Form() {
  const [checked, setChecked] = useState(false);
  const [tried, setTried] = useState(false);
  const error = useConsentError(checked);
  return (
    <>
      <ConsentField checked={checked} onChange={setChecked} error={tried ? error : undefined} />
      <button type="button" onClick={() => setTried(true)}>
        Send
      </button>
      <output>{JSON.stringify(consentPayload(checked) ?? null)}</output>
    </>
  );
}

afterEach(cleanup);

describe('ConsentField', () => {
  it('links the terms and the privacy policy inside its notice', () => {
    render(<Form />);
    expect(screen.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe(
      '/termsandconditions',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacypolicy');
    expect(screen.getByText(/By sending this I agree to the/).textContent).toBe(
      'By sending this I agree to the Terms and Conditions and the Privacy Policy.',
    );
  });

  it('refuses until the box is ticked, then sends the notice version it showed', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const box = screen.getByRole('checkbox', { name: 'I am 18 or older' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(ADULT_REQUIRED).id).toBe(box.getAttribute('aria-describedby'));
    expect(screen.getByRole('status', { hidden: true }).textContent).toBe('null');
    await user.click(box);
    expect(screen.queryByText(ADULT_REQUIRED)).toBeNull();
    expect(JSON.parse(screen.getByRole('status', { hidden: true }).textContent ?? '')).toEqual({
      version: PRIVACY_NOTICE_VERSION,
      adultConfirmed: true,
    });
  });
});
