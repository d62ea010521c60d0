import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Combobox, type ComboboxOption } from './combobox';

afterEach(cleanup);

const BRANDS = ['Kaveri Handlooms', 'Kaveri Silks', 'Nimbus Audio'];

/** A brand box that filters like the locator's server does: names containing the text. */
function BrandBox({ onPick }: { onPick: (value: string) => void }) {
  const [text, setText] = useState('');
  const options: ComboboxOption[] = text
    ? BRANDS.filter((b) => b.toLowerCase().includes(text.toLowerCase())).map((b) => ({ value: b, label: b }))
    : [];
  return (
    <Combobox
      label="Brand"
      value={text}
      onValueChange={setText}
      options={options}
      noMatches="No brand contains this"
      onSelect={(option) => {
        setText(option.label);
        onPick(option.value);
      }}
    />
  );
}

describe('Combobox', () => {
  it('suggests as you type and takes the active suggestion with Down and Enter', async () => {
    const picked: string[] = [];
    render(<BrandBox onPick={(v) => picked.push(v)} />);
    const box = screen.getByRole('combobox', { name: 'Brand' });
    expect(box.getAttribute('aria-expanded')).toBe('false');

    await userEvent.type(box, 'kav');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Kaveri Handlooms', 'Kaveri Silks']);
    expect(screen.getByRole('status').textContent).toBe('2 suggestions; use the arrow keys to choose');

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowDown}');
    // Down from the last suggestion wraps to the first.
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(picked).toEqual(['Kaveri Silks']);
    expect((box as HTMLInputElement).value).toBe('Kaveri Silks');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes with Escape, then clears the box with a second Escape', async () => {
    render(<BrandBox onPick={() => {}} />);
    const box = screen.getByRole<HTMLInputElement>('combobox', { name: 'Brand' });
    await userEvent.type(box, 'nim');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.value).toBe('nim');
    await userEvent.keyboard('{Escape}');
    expect(box.value).toBe('');
  });

  it('takes a suggestion by click, and says when nothing matches', async () => {
    const picked: string[] = [];
    render(<BrandBox onPick={(v) => picked.push(v)} />);
    const box = screen.getByRole('combobox', { name: 'Brand' });
    await userEvent.type(box, 'audio');
    await userEvent.click(screen.getByRole('option', { name: 'Nimbus Audio' }));
    expect(picked).toEqual(['Nimbus Audio']);
    await userEvent.clear(box);
    await userEvent.type(box, 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('No brand contains this');
  });
});
