import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUPPORTED_UPLOAD_MESSAGE, UPLOAD_LIMITS, type UploadMediaResponse } from '@app/domain';
import { media } from '../../db/schema/index.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';
import { findMediaByKey } from './media.repository.js';
import { movie, pdfWithMetadata } from '../../test/media-files.js';

type Part =
  { name: string; value: string } | { name: string; filename: string; contentType?: string; data: Buffer };

/** A multipart/form-data body built by hand, so the tests control every byte the server sees. */
function multipart(parts: Part[]) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let t: TestApp;
/** Headers of a signed-in account: only accounts may upload videos, PDFs and large images. */
let signedIn: Record<string, string>;

function upload(parts: Part[], headers: Record<string, string> = {}) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

async function mediaRows(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(media);
  return row?.n ?? 0;
}

function storedFiles(): string[] {
  const root = path.join(t.dataDir, 'media');
  if (!fs.existsSync(root)) return [];
  return (
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name)
      // Variants of earlier uploads are written in the background; count only originals.
      .filter((name) => !/\.w\d+\.(avif|webp)$/.test(name))
  );
}

/** A noisy photo-like JPEG carrying GPS and camera EXIF, as a phone would upload it. */
async function phoneJpeg(width: number, height: number, orientation?: number) {
  const noise = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return sharp(noise)
    .withMetadata({
      ...(orientation ? { orientation } : {}),
      exif: {
        IFD0: { Make: 'TestPhone', Model: 'Secret Model 9' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '12/1 58/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '77/1 35/1 0/1',
        },
      },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

let pdf: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db);
  signedIn = { authorization: `Bearer ${await loginAs(t.app, user.email, user.password)}` };
  pdf = await pdfWithMetadata({});
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/media/upload', () => {
  it('stores a phone photo as a WebP of at most 1920 px with no EXIF or GPS', async () => {
    const original = await phoneJpeg(3000, 2000);
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(original.length).toBeGreaterThan(1024 * 1024); // over the JSON body limit, so multipart is streamed

    const res = await upload(
      [
        { name: 'type', value: 'IMAGE' },
        { name: 'file', filename: 'IMG_0001.jpg', contentType: 'image/jpeg', data: original },
      ],
      signedIn,
    );
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadMediaResponse>();
    expect(body).toMatchObject({ status: 201, message: 'Uploaded', data: { type: 'IMAGE' } });
    expect(body.data.name).toMatch(/^images\/\d{4}\/\d{2}\/[0-9a-f]{24}\.webp$/);
    expect(body.data.url).toBe(`/media/${body.data.name}`);

    const served = await t.app.inject({ method: 'GET', url: body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1920);
    expect(meta.height).toBe(1280);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Secret Model 9'))).toBe(false);

    const row = await findMediaByKey(t.db, body.data.name);
    expect(row).toMatchObject({
      url: body.data.url,
      type: 'IMAGE',
      mime: 'image/webp',
      bytes: served.rawPayload.length,
      width: 1920,
      height: 1280,
      originalName: 'IMG_0001.jpg',
    });
  });

  it('applies the EXIF orientation and never enlarges a small image', async () => {
    const res = await upload([{ name: 'file', filename: 'rotated.jpg', data: await phoneJpeg(300, 200, 6) }]);
    expect(res.statusCode).toBe(201);
    const row = await findMediaByKey(t.db, res.json<UploadMediaResponse>().data.name);
    expect(row).toMatchObject({ width: 200, height: 300 });
  });

  it('keeps PNG transparency in the WebP', async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const res = await upload([{ name: 'file', filename: 'logo.png', contentType: 'image/png', data: png }]);
    expect(res.statusCode).toBe(201);
    const served = await t.app.inject({ url: res.json<UploadMediaResponse>().data.url });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', hasAlpha: true, width: 64, height: 64 });
  });

  it('records who uploaded when signed in', async () => {
    const user = await createUser(t.db);
    const token = await loginAs(t.app, user.email, user.password);
    const res = await upload([{ name: 'file', filename: 'invoice.pdf', data: pdf }], {
      authorization: `Bearer ${token}`,
    });
    expect(res.statusCode).toBe(201);
    const row = await findMediaByKey(t.db, res.json<UploadMediaResponse>().data.name);
    expect(row?.uploadedBy).toBe(user.id);
  });

  it('stores a PDF as a FILE', async () => {
    const res = await upload(
      [
        { name: 'file', filename: 'invoice.pdf', contentType: 'application/pdf', data: pdf },
        { name: 'type', value: 'FILE' },
      ],
      signedIn,
    );
    expect(res.statusCode).toBe(201);
    const { data } = res.json<UploadMediaResponse>();
    expect(data.type).toBe('FILE');
    expect(data.name).toMatch(/^files\/\d{4}\/\d{2}\/[0-9a-f]{24}\.pdf$/);
    const served = await t.app.inject({ url: data.url });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('recognises MP4 and MOV videos by their content and refuses WebM', async () => {
    for (const [data, ext, mime] of [
      [movie({ brand: 'isom' }), 'mp4', 'video/mp4'],
      [movie({ brand: 'qt  ' }), 'mov', 'video/quicktime'],
    ] as const) {
      const res = await upload(
        [
          { name: 'type', value: 'VIDEO' },
          { name: 'file', filename: 'clip.bin', data },
        ],
        signedIn,
      );
      expect(res.statusCode).toBe(201);
      const { data: stored } = res.json<UploadMediaResponse>();
      expect(stored.type).toBe('VIDEO');
      expect(stored.name.endsWith(`.${ext}`)).toBe(true);
      expect(await findMediaByKey(t.db, stored.name)).toMatchObject({ mime, width: null, height: null });
    }
    const webm = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
      Buffer.from('webm', 'latin1'),
      randomBytes(512),
    ]);
    const refused = await upload([{ name: 'file', filename: 'clip.webm', data: webm }], signedIn);
    expect(refused.statusCode).toBe(415);
  });

  it('rejects a text file dressed up as a JPEG with 415', async () => {
    const rows = await mediaRows();
    const res = await upload([
      {
        name: 'file',
        filename: 'photo.jpg',
        contentType: 'image/jpeg',
        data: Buffer.from('just some text\n'),
      },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA',
      message: UNSUPPORTED_UPLOAD_MESSAGE,
    });
    expect(await mediaRows()).toBe(rows);
  });

  it('rejects SVG and HTML, which a browser could run as script', async () => {
    for (const text of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<html>',
    ]) {
      const res = await upload([
        { name: 'file', filename: 'x.svg', contentType: 'image/svg+xml', data: Buffer.from(text) },
      ]);
      expect(res.statusCode).toBe(415);
    }
  });

  it('answers 415 when a file that looks like an image cannot be decoded', async () => {
    const files = storedFiles().length;
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(4096)]);
    const res = await upload([{ name: 'file', filename: 'broken.jpg', data: broken }]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ message: 'The image could not be read' });
    expect(storedFiles()).toHaveLength(files);
  });

  it('rejects content that does not match the requested type', async () => {
    const res = await upload(
      [
        { name: 'type', value: 'IMAGE' },
        { name: 'file', filename: 'invoice.pdf', data: pdf },
      ],
      signedIn,
    );
    expect(res.statusCode).toBe(415);
    expect(res.json<{ message: string }>().message).toMatch(/upload an image/);
  });

  it('answers 413 over the limit of the type and stores nothing', async () => {
    const rows = await mediaRows();
    const files = storedFiles().length;
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(UPLOAD_LIMITS.IMAGE)]);
    const res = await upload(
      [{ name: 'file', filename: 'huge.jpg', contentType: 'image/jpeg', data: huge }],
      signedIn,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File is too large: the limit is 10 MB',
    });
    expect(await mediaRows()).toBe(rows);
    expect(storedFiles()).toHaveLength(files);
  });

  it('answers 400 without a file, with two files or with a bad type', async () => {
    const missing = await upload([{ name: 'type', value: 'IMAGE' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/"file" is missing/);

    const otherField = await upload([{ name: 'image', filename: 'a.pdf', data: pdf }]);
    expect(otherField.statusCode).toBe(400);

    const two = await upload([
      { name: 'file', filename: 'a.pdf', data: pdf },
      { name: 'file', filename: 'b.pdf', data: pdf },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json<{ message: string }>().message).toBe('Upload one file per request');

    const badType = await upload([
      { name: 'type', value: 'AUDIO' },
      { name: 'file', filename: 'a.pdf', data: pdf },
    ]);
    expect(badType.statusCode).toBe(400);

    const empty = await upload([{ name: 'file', filename: 'empty.jpg', data: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(400);
  });

  it('answers 400 to a request that is not multipart', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/api/media/upload', payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json<{ message: string }>().message).toMatch(/multipart\/form-data/);

    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      payload: pdf,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(raw.statusCode).toBe(400);

    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      payload:
        '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 and then nothing',
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
    });
    expect(truncated.statusCode).toBe(400);
  });

  it('returns 404 for a file that does not exist and never lists folders', async () => {
    expect(
      (await t.app.inject({ url: '/media/images/2020/01/000000000000000000000000.webp' })).statusCode,
    ).toBe(404);
    for (const url of ['/media/', '/media/images/']) {
      const res = await t.app.inject({ url });
      expect([403, 404]).toContain(res.statusCode);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await t.app.inject({ url: '/media/../package.json' })).statusCode).toBe(404);
  });

  // Last: it uses up this route's allowance for the test client.
  it('limits uploads per client', async () => {
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i += 1) {
      status = (await upload([{ name: 'type', value: 'IMAGE' }])).statusCode;
    }
    expect(status).toBe(429);
  });
});
