import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { useFormat } from './format';

// This browser is in UTC; pages drawn on the server are in India's time.
const zoneBefore = process.env.TZ;
process.env.TZ = 'UTC';
afterAll(() => {
  process.env.TZ = zoneBefore;
});
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// 01:30 on 29 Nov in India, still 28 Nov in UTC.
const WRITTEN = '2026-11-28T20:00:00.000Z';

function Dated() {
  const format = useFormat();
  return (
    <p>
      Written on {format.date(WRITTEN)} at {format.dateTime(WRITTEN)}
    </p>
  );
}

describe('dates on a page drawn on the server', () => {
  it('are drawn in India’s time, taken over without a mismatch, then shown in the visitor’s zone', async () => {
    const html = renderToString(<Dated />);
    expect(html).toContain('29 Nov 2026');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Dated />, { onRecoverableError: (error) => recoverable.push(error) });
      await Promise.resolve();
    });

    expect(recoverable).toEqual([]);
    expect(container.textContent).toContain('Written on 28 Nov 2026');
    expect(container.textContent).not.toContain('29 Nov');
    container.remove();
  });

  it('are in the visitor’s zone from the first render of a page drawn in the browser', () => {
    const container = document.createElement('div');
    const shown: string[] = [];
    function Watched() {
      const text = `${useFormat().date(WRITTEN)}`;
      shown.push(text);
      return <p>{text}</p>;
    }
    act(() => createRoot(container).render(<Watched />));
    expect(container.textContent).toBe('28 Nov 2026');
    expect(shown).not.toContain('29 Nov 2026');
  });

  it('are taken over with no second render in a browser that keeps India’s time', async () => {
    process.env.TZ = 'Asia/Kolkata';
    vi.resetModules();
    const fresh = await import('./format');
    const renders: string[] = [];
    function Counted() {
      const text = fresh.useFormat().date(WRITTEN);
      renders.push(text);
      return <p>{text}</p>;
    }
    const html = renderToString(<Counted />);
    const container = document.createElement('div');
    container.innerHTML = html;
    renders.length = 0;
    await act(async () => {
      hydrateRoot(container, <Counted />);
      await Promise.resolve();
    });
    expect(container.textContent).toBe('29 Nov 2026');
    expect(renders).toEqual(['29 Nov 2026']);
    process.env.TZ = 'UTC';
  });
});
