import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../lib/i18n/engine';
import { ProductGallery } from './product-gallery';

afterEach(cleanup);

const sourcesOf = (img: HTMLElement) =>
  [...(img.closest('picture')?.querySelectorAll('source') ?? [])].map((s) => ({
    srcset: s.getAttribute('srcset'),
    sizes: s.getAttribute('sizes'),
  }));

describe('the product page gallery', () => {
  it('fetches its first photo first and the thumbnails lazily, each with the copies it has', () => {
    const images = ['/media/demo/one.webp', '/media/images/two.webp'];
    render(
      <I18nProvider>
        <ProductGallery images={images} name="Runner 2" variants={{ '/media/demo/one.webp': [320, 640] }} />
      </I18nProvider>,
    );
    const main = screen.getByRole('img', { name: 'Runner 2, photo 1 of 2' });
    expect(main.getAttribute('fetchpriority')).toBe('high');
    expect(main.getAttribute('loading')).toBe('eager');
    expect(sourcesOf(main).map((s) => s.srcset)).toEqual([
      '/media/demo/one.webp.w320.avif 320w, /media/demo/one.webp.w640.avif 640w',
      '/media/demo/one.webp.w320.webp 320w, /media/demo/one.webp.w640.webp 640w',
    ]);
    expect(sourcesOf(main)[0]!.sizes).toBe('(min-width: 768px) 55vw, 100vw');

    const thumbs = [...document.querySelectorAll('.product__thumbs img')];
    expect(thumbs).toHaveLength(2);
    for (const thumb of thumbs) {
      expect(thumb.getAttribute('loading')).toBe('lazy');
      expect(thumb.hasAttribute('fetchpriority')).toBe(false);
    }
    // The second image has no copies yet: no srcset names a file that does not exist.
    expect(thumbs[1]!.closest('picture')).toBeNull();
    expect(document.querySelectorAll('source[srcset*="two.webp.w"]')).toHaveLength(0);
  });
});
