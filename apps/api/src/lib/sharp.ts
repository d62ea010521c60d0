import type SharpModule from 'sharp';

export type Sharp = typeof SharpModule;

let loading: Promise<Sharp> | undefined;

/**
 * sharp and libvips add tens of MB to the process, and most processes never touch an image (a
 * restart on existing data, a read-only replica), so they load on the first image, not at start.
 * Its operation cache is kept small: uploads are re-encoded once and never read back through it.
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache({ memory: 16, files: 0, items: 20 });
    return sharp;
  });
  return loading;
}
