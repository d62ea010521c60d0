import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMAGE_VARIANT_FORMATS, imageVariantUrl, imageVariantWidths } from '@app/domain';
import type { StorageProvider } from '../../providers/storage/storage.js';
import { loadSharp } from '../../lib/sharp.js';
import { renderVariants } from '../../modules/media/variant-encoding.js';

export interface DemoImage {
  /** Storage key, `demo/<slug>.webp`. */
  key: string;
  title: string;
  subtitle: string;
  /** Hue of the background gradient, 0–359. */
  hue: number;
}

export const DEMO_IMAGE_WIDTH = 1200;
export const DEMO_IMAGE_HEIGHT = 900;
const WIDTH = DEMO_IMAGE_WIDTH;
const HEIGHT = DEMO_IMAGE_HEIGHT;

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

/** Long titles are split over two lines and shrunk so they stay inside the card. */
function titleLines(title: string): string[] {
  if (title.length <= 18) return [title];
  const words = title.split(' ');
  let best: [string, string] = [title, ''];
  let bestWidth = Infinity;
  for (let i = 1; i < words.length; i++) {
    const line1 = words.slice(0, i).join(' ');
    const line2 = words.slice(i).join(' ');
    const width = Math.max(line1.length, line2.length);
    if (width < bestWidth) [best, bestWidth] = [[line1, line2], width];
  }
  return best[1] ? best : [title];
}

function cardSvg({ title, subtitle, hue }: DemoImage): string {
  const lines = titleLines(title);
  const longest = Math.max(...lines.map((l) => l.length));
  // Bold sans glyphs are about 0.62 em wide; keep a 100 px margin either side.
  const fontSize = Math.min(110, Math.floor((WIDTH - 200) / (longest * 0.62)));
  const lineHeight = fontSize * 1.15;
  const top = HEIGHT / 2 - ((lines.length - 1) * lineHeight) / 2;
  const text = lines
    .map(
      (line, i) =>
        `<text x="${WIDTH / 2}" y="${top + i * lineHeight}" font-size="${fontSize}" font-weight="bold">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},65%,58%)"/><stop offset="1" stop-color="hsl(${(hue + 35) % 360},70%,28%)"/>
  </linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
  <circle cx="${WIDTH - 140}" cy="140" r="260" fill="#ffffff" fill-opacity="0.08"/>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="#ffffff" text-anchor="middle">
    ${text}
    <text x="${WIDTH / 2}" y="${top + lines.length * lineHeight + 20}" font-size="44" fill-opacity="0.85">${escapeXml(subtitle)}</text>
  </g>
</svg>`;
}

/** Renders a 1200×900 WebP card with the item's name; no network, no image files in the repository. */
export async function renderDemoImage(image: DemoImage): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(cardSvg(image)))
    .webp({ quality: 80, effort: 0 })
    .toBuffer();
}

/**
 * The images the build rendered (apps/api/build.mjs), next to the bundle: a first start then stores
 * files instead of loading sharp and libvips, which take 1-2 s and tens of MB that are never given back.
 */
export function prebuiltDemoImagesFolder(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-images');
}

/** Renders every image into `folder` (at `<folder>/<key>`), with its AVIF and WebP variants beside it. */
export async function writeDemoImages(folder: string, images: readonly DemoImage[]): Promise<void> {
  for (const image of images) {
    const file = path.join(folder, image.key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const bytes = await renderDemoImage(image);
    fs.writeFileSync(file, bytes);
    for await (const v of renderVariants(bytes)) {
      fs.writeFileSync(path.join(folder, imageVariantUrl(image.key, v.width, v.format)), v.body);
    }
  }
}

/** A demo image once stored; `variantWidths` null when nothing was prebuilt (the worker makes them). */
export interface StoredDemoImage {
  url: string;
  bytes: number;
  variantWidths: number[] | null;
}

const VARIANT_MIME = { avif: 'image/avif', webp: 'image/webp' } as const;

/** Stores the prebuilt variants of one image; null when any is missing (running from source). */
async function storePrebuiltVariants(
  storage: StorageProvider,
  key: string,
  prebuilt: string,
): Promise<number[] | null> {
  const widths = imageVariantWidths(WIDTH);
  const files = widths.flatMap((width) =>
    IMAGE_VARIANT_FORMATS.map((format) => ({ format, variantKey: imageVariantUrl(key, width, format) })),
  );
  let bodies: Buffer[];
  try {
    bodies = await Promise.all(files.map((f) => fs.promises.readFile(path.join(prebuilt, f.variantKey))));
  } catch {
    return null;
  }
  for (const [i, f] of files.entries()) await storage.put(f.variantKey, bodies[i]!, VARIANT_MIME[f.format]);
  return widths;
}

/** Stores every image and the variants the build made of it; key → what was stored. */
export async function storeDemoImageFiles(
  storage: StorageProvider,
  images: readonly DemoImage[],
  prebuilt = prebuiltDemoImagesFolder(),
): Promise<Map<string, StoredDemoImage>> {
  const stored = await Promise.all(
    images.map(async (image) => {
      const body = await demoImageBytes(image, prebuilt);
      const { url } = await storage.put(image.key, body, 'image/webp');
      const variantWidths = await storePrebuiltVariants(storage, image.key, prebuilt);
      return [image.key, { url, bytes: body.length, variantWidths }] as const;
    }),
  );
  return new Map(stored);
}

async function demoImageBytes(image: DemoImage, prebuilt: string): Promise<Buffer> {
  try {
    return await fs.promises.readFile(path.join(prebuilt, image.key));
  } catch {
    return renderDemoImage(image); // running from source: nothing prebuilt
  }
}

/** Stores every image (prebuilt, or rendered in parallel: sharp works off the main thread); key → url. */
export async function storeDemoImages(
  storage: StorageProvider,
  images: readonly DemoImage[],
  prebuilt = prebuiltDemoImagesFolder(),
): Promise<Map<string, string>> {
  const stored = await storeDemoImageFiles(storage, images, prebuilt);
  return new Map([...stored].map(([key, { url }]) => [key, url]));
}
