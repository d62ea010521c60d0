import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResponsiveImage } from './responsive-image';

afterEach(cleanup);

const sourcesOf = (img: HTMLElement) =>
  [...(img.closest('picture')?.querySelectorAll('source') ?? [])].map((s) => ({
    type: s.getAttribute('type'),
    srcset: s.getAttribute('srcset'),
    sizes: s.getAttribute('sizes'),
  }));

describe('ResponsiveImage', () => {
  it('offers only the copies that exist, in AVIF then WebP, with sizes, and the original as fallback', () => {
    render(<ResponsiveImage src="/media/images/a.webp" widths={[640, 320]} sizes="100vw" alt="Shoe" />);
    const img = screen.getByRole('img', { name: 'Shoe' });
    expect(img.getAttribute('src')).toBe('/media/images/a.webp');
    expect(sourcesOf(img)).toEqual([
      {
        type: 'image/avif',
        srcset: '/media/images/a.webp.w320.avif 320w, /media/images/a.webp.w640.avif 640w',
        sizes: '100vw',
      },
      {
        type: 'image/webp',
        srcset: '/media/images/a.webp.w320.webp 320w, /media/images/a.webp.w640.webp 640w',
        sizes: '100vw',
      },
    ]);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
  });

  it('shows the original alone while an image has no copies', () => {
    render(<ResponsiveImage src="/media/images/b.webp" sizes="100vw" alt="New upload" priority />);
    const img = screen.getByRole('img', { name: 'New upload' });
    expect(img.closest('picture')).toBeNull();
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });
});
