import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordField } from './password-field';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';
import { TextField } from './text-field';

afterEach(cleanup);

describe('TextField', () => {
  it('has a blue border #5A88CC (the spec blue at 3:1) while valid', () => {
    render(<TextField label="Name" />);
    const input = screen.getByLabelText<HTMLInputElement>('Name');
    expect(input.style.borderColor).toBe('rgb(90, 136, 204)');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('turns the border red #CE0F0F and shows the error text when invalid', () => {
    render(<TextField label="Contact number" error="Enter exactly 10 digits" />);
    const input = screen.getByLabelText<HTMLInputElement>('Contact number');
    expect(input.style.borderColor).toBe('rgb(206, 15, 15)');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter exactly 10 digits').id).toBe(input.getAttribute('aria-describedby'));
  });

  it('keeps a polite status region under the field, described by it once it speaks', () => {
    const { rerender } = render(<TextField label="Pincode" status="" />);
    const input = screen.getByLabelText<HTMLInputElement>('Pincode');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(input.getAttribute('aria-describedby')).toBeNull();
    rerender(<TextField label="Pincode" status="Bengaluru, Karnataka filled in" />);
    expect(screen.getByRole('status').id).toBe(input.getAttribute('aria-describedby'));
  });

  it('lets the user reveal a password', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" />);
    const input = screen.getByLabelText<HTMLInputElement>('Password');
    expect(input.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
  });
});

describe('one frame for every field', () => {
  it('gives selects and text areas the same label, hint, error and accessible border', () => {
    render(
      <>
        <SelectField
          label="State"
          options={[{ value: 'Goa', label: 'Goa' }]}
          hint="Pick one"
          error="State is required"
        />
        <TextAreaField label="Your query" hint="Be specific" error="Query is required" />
      </>,
    );
    for (const [label, hint, error] of [
      ['State', 'Pick one', 'State is required'],
      ['Your query', 'Be specific', 'Query is required'],
    ] as const) {
      const control = screen.getByLabelText<HTMLElement>(label);
      expect(control.style.borderColor).toBe('rgb(206, 15, 15)');
      expect(control.getAttribute('aria-invalid')).toBe('true');
      const described = control.getAttribute('aria-describedby')!.split(' ');
      expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([hint, error]);
    }
  });
});
