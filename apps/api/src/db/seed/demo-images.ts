import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StorageProvider } from '../../providers/storage/storage.js';
import { loadSharp } from '../../lib/sharp.js';

export interface DemoImage {
  /** Storage key, `demo/<slug>.webp`. */
  key: string;
  title: string;
  subtitle: string;
  /** Hue of the background gradient, 0–359. */
  hue: number;
}

const WIDTH = 1200;
const HEIGHT = 900;

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

/** Renders every image into `folder` (at `<folder>/<key>`). */
export async function writeDemoImages(folder: string, images: readonly DemoImage[]): Promise<void> {
  for (const image of images) {
    const file = path.join(folder, image.key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, await renderDemoImage(image));
  }
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
  const stored = await Promise.all(
    images.map(async (image) => {
      const { url } = await storage.put(image.key, await demoImageBytes(image, prebuilt), 'image/webp');
      return [image.key, url] as const;
    }),
  );
  return new Map(stored);
}
