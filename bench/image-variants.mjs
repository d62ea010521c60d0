// Image variants (decision 042): the RSS the server adds while it re-encodes 20 uploaded
// 12-megapixel JPEGs and then makes their AVIF and WebP copies one after the other, and the bytes the demo store
// page's images save (original WebP against the AVIF copy at 640 px a browser picks on a phone).
// Runs under tsx, so it uses the API's own code: the upload's re-encode and the worker's encoder.
//   npm run bench:image-variants
//   npm run bench:image-variants -- --images 5      quicker
//   npm run bench:image-variants -- --in-process    encode in this process, as before the child encoder
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalStorage } from '../apps/api/src/providers/storage/local-storage.ts';
import { childEncoder, makeVariants } from '../apps/api/src/modules/media/image-variants.ts';
import { demoImages } from '../apps/api/src/db/seed/demo-data.ts';
import { renderDemoImage } from '../apps/api/src/db/seed/demo-images.ts';
import { reencodeUpload, renderVariants } from '../apps/api/src/modules/media/variant-encoding.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const COUNT = arg('images', 20);
const MB = 1024 * 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-variants-'));

// 1. The phone photos, made in a child process so their making does not count here.
const make = `
  import sharp from 'sharp';
  const [dir, count] = process.argv.slice(1);
  for (let i = 0; i < Number(count); i++) {
    const noise = Buffer.alloc(400 * 300 * 3);
    for (let j = 0; j < noise.length; j++) noise[j] = (j * 7 + i * 13 + ((j / 1200) | 0)) % 256 ^ (Math.random() * 40);
    await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } })
      .resize(4000, 3000, { kernel: 'cubic' })
      .jpeg({ quality: 88 })
      .toFile(dir + '/photo-' + i + '.jpg');
  }`;
const made = spawnSync(process.execPath, ['--input-type=module', '-e', make, dir, String(COUNT)], {
  cwd: path.join(here, '..', 'apps', 'api'),
  stdio: 'inherit',
});
if (made.status !== 0) throw new Error('could not make the photos');

const storage = createLocalStorage(dir);
const rss = () => process.memoryUsage().rss;
const inProcess = process.argv.includes('--in-process');
const encoder = childEncoder({ info: () => {}, warn: (o, msg) => console.warn(msg, o) });
const start = rss();
let peak = start;
const sampler = setInterval(() => (peak = Math.max(peak, rss())), 10);

// 2. The uploads: each photo re-encoded as the upload does (media.service.ts toWebp) and stored.
const keys = [];
const uploadStarted = performance.now();
for (let i = 0; i < COUNT; i++) {
  const file = path.join(dir, `photo-${i}.jpg`);
  const { body } = inProcess
    ? await reencodeUpload(file, 50_000_000)
    : await encoder.reencode(file, 50_000_000);
  const key = `images/2026/11/${String(i).padStart(24, '0')}.webp`;
  await storage.put(key, body, 'image/webp');
  keys.push(key);
}
const uploadSeconds = (performance.now() - uploadStarted) / 1000;
const jpegBytes = fs.readFileSync(path.join(dir, 'photo-0.jpg')).length;
global.gc?.();
const before = rss();
const uploadPeak = peak;

// 3. The worker's part, one image after the other, RSS sampled every 10 ms.
const started = performance.now();
let copies = 0;
for (const key of keys) {
  const original = fs.readFileSync(path.join(dir, 'media', key));
  const encode = inProcess ? undefined : (o) => encoder.encode(o);
  copies += (await makeVariants(storage, key, original, encode)).length * 2;
}
encoder.stop();
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, rss());
const after = rss();

console.log(
  `${COUNT} uploads of 12 MP JPEGs (${(jpegBytes / MB).toFixed(1)} MB each), stored as 1920 px WebP`,
);
console.log(
  `variants made: ${copies} files in ${seconds.toFixed(1)} s (${((seconds / COUNT) * 1000).toFixed(0)} ms an image)`,
);
console.log(`encoded ${inProcess ? 'in this process' : 'in the child process (as the server does)'}`);
console.log(
  `uploads re-encoded in ${((uploadSeconds / COUNT) * 1000).toFixed(0)} ms each; RSS ${(start / MB).toFixed(0)} MB before them, ` +
    `peak +${((uploadPeak - start) / MB).toFixed(1)} MB, after +${((before - start) / MB).toFixed(1)} MB`,
);
console.log(
  `RSS added while making them: peak +${((peak - before) / MB).toFixed(1)} MB, after +${((after - before) / MB).toFixed(1)} MB`,
);

// 4. The demo store page: its images as stored against the AVIF copy at 640 px.
let originals = 0;
let avif640 = 0;
let webp640 = 0;
const images = demoImages();
for (const image of images) {
  const body = await renderDemoImage(image);
  originals += body.length;
  for await (const v of renderVariants(body)) {
    if (v.width !== 640) continue;
    if (v.format === 'avif') avif640 += v.body.length;
    else webp640 += v.body.length;
  }
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `demo images (${images.length}): originals ${kb(originals)}, AVIF 640 w ${kb(avif640)} ` +
    `(${(100 - (100 * avif640) / originals).toFixed(0)}% fewer bytes), WebP 640 w ${kb(webp640)}`,
);
fs.rmSync(dir, { recursive: true, force: true });
