import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_URL_MESSAGE, type UploadMediaResponse } from '@app/domain';
import { media } from '../../db/schema/index.js';
import { createLocalStorage } from '../../providers/storage/local-storage.js';
import {
  AUTHOR,
  FRAMES,
  GPS_ISO6709,
  movie,
  PDF_AUTHOR,
  PDF_OLD_AUTHOR,
  PDF_XMP,
  pdfWithMetadata,
  XMP_GPS,
} from '../../test/media-files.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';
import { findMediaByKey } from './media.repository.js';
import { ANONYMOUS_SIZE_MESSAGE, ANONYMOUS_TYPE_MESSAGE, createMediaService } from './media.service.js';
import { findVideoMetadata } from './video-metadata.js';

let t: TestApp;

/** A multipart body with one file and an optional `type` field. */
function multipart(filename: string, data: Buffer, type?: string) {
  const boundary = `----attack${randomBytes(8).toString('hex')}`;
  const typePart = type
    ? `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n`
    : '';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `${typePart}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(
  filename: string,
  data: Buffer,
  headers: Record<string, string> = {},
  type?: string,
  remoteAddress = '127.0.0.1',
) {
  const body = multipart(filename, data, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
    remoteAddress,
  });
}

async function account(): Promise<Record<string, string>> {
  const user = await createUser(t.db);
  return { authorization: `Bearer ${await loginAs(t.app, user.email, user.password)}` };
}

/** The text in a PDF as a literal string or as pdf-lib writes document information: UTF-16BE hex. */
function mentions(pdf: Buffer, text: string): boolean {
  const hex = Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase();
  return pdf.includes(text) || pdf.includes(hex) || pdf.includes(hex.toLowerCase());
}

const rows = async () => (await t.db.select({ id: media.id }).from(media)).length;
const spooled = () => {
  const dir = path.join(t.dataDir, 'tmp', 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const smallPng = (seed: number) =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: seed, g: 80, b: 120 } } })
    .png()
    .toBuffer();

/** A PNG whose header claims width × height; its pixel data is junk, so decoding it would fail. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length, 0);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body), 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', randomBytes(64)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_DAILY_FILES: '3', UPLOAD_DAILY_MB: '2', ANONYMOUS_UPLOADS_PER_DAY: '8' });
});
afterAll(async () => {
  await t?.close();
});

describe('finding 2: anonymous and unbounded uploads', () => {
  it('refuses a 10 MB upload without an account, keeping nothing', async () => {
    const before = await rows();
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(10 * 1024 * 1024)]);
    const res = await upload('big.jpg', jpeg);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: ANONYMOUS_SIZE_MESSAGE });
    expect(await rows()).toBe(before);
    expect(spooled()).toEqual([]);
  });

  it('refuses videos without an account, and takes a small image (invoice PDFs: decision 023)', async () => {
    const res = await upload('clip.mp4', movie({}));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: ANONYMOUS_TYPE_MESSAGE });
    const image = await upload('shop.png', await smallPng(1));
    expect(image.statusCode).toBe(201);
    expect(spooled()).toEqual([]);
  });

  it('refuses a visitor’s address over its uploads of the day, before reading the body', async () => {
    const png = await smallPng(5);
    for (let i = 0; i < 8; i += 1) {
      expect((await upload(`v${i}.png`, png, {}, undefined, '10.0.0.7')).statusCode).toBe(201);
    }
    const over = await upload('v8.png', png, {}, undefined, '10.0.0.7');
    expect(over.statusCode).toBe(429);
    expect(over.json<{ message: string }>().message).toBe(
      'Upload limit reached for today: log in to upload more',
    );
    expect((await upload('w.png', png, {}, undefined, '10.0.0.8')).statusCode).toBe(201);
  });

  it('refuses an account over its files of the day', async () => {
    const headers = await account();
    for (let i = 0; i < 3; i += 1) {
      expect((await upload(`p${i}.png`, await smallPng(i), headers)).statusCode).toBe(201);
    }
    const over = await upload('p3.png', await smallPng(3), headers);
    expect(over.statusCode).toBe(429);
    expect(over.json<{ message: string }>().message).toMatch(/^Daily upload limit reached: 3 files or 2 MB/);
    // Another account has its own budget.
    expect((await upload('q.png', await smallPng(9), await account())).statusCode).toBe(201);
  });

  it('refuses an account whose upload would pass its bytes of the day, without reading it all', async () => {
    const headers = await account();
    const before = await rows();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3 * 1024 * 1024)]);
    const res = await upload('scan.pdf', pdf, headers);
    expect(res.statusCode).toBe(429);
    expect(await rows()).toBe(before);
    expect(spooled()).toEqual([]);
  });

  it('streams a video to storage from disk rather than handing it over whole', async () => {
    const bodies: string[] = [];
    const local = createLocalStorage(t.dataDir);
    const spy = {
      ...local,
      put: (key: string, body: Parameters<typeof local.put>[1], type: string) => {
        bodies.push(Buffer.isBuffer(body) ? 'buffer' : 'stream');
        return local.put(key, body, type);
      },
    };
    const service = createMediaService(t.db, spy, { dailyFiles: 10, dailyBytes: 1e9, anonymousPerDay: 10 });
    const user = await createUser(t.db);
    const data = movie({});
    const file = path.join(t.dataDir, 'clip.mp4');
    fs.writeFileSync(file, data);
    const stored = await service.upload({
      spool: {
        path: file,
        head: data.subarray(0, 64),
        size: data.length,
        sha256: '',
        truncated: false,
        open: () => fs.createReadStream(file),
        remove: async () => fs.rmSync(file, { force: true }),
      },
      originalName: 'clip.mp4',
      hint: 'VIDEO',
      uploader: { userId: user.id, ip: '127.0.0.1' },
    });
    expect(bodies).toEqual(['stream']);
    expect(fs.readFileSync(path.join(t.dataDir, 'media', stored.name)).equals(data)).toBe(true);
  });

  it('deletes files that nothing references a day after upload and keeps the referenced ones', async () => {
    const headers = await account();
    const [used, unused] = await Promise.all(
      [10, 20].map(
        async (seed) =>
          (await upload(`${seed}.png`, await smallPng(seed), headers)).json<UploadMediaResponse>().data,
      ),
    );
    const fresh = (await upload('fresh.png', await smallPng(30), await account())).json<UploadMediaResponse>()
      .data;
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/inflncr/addReview',
      payload: {
        caption: [{ index: 0, value: 'Good shop' }],
        description: [{ index: 0, value: 'Friendly staff and fair prices.' }],
        data: [{ name: used!.name, url: used!.url }],
        userData: { name: 'Meena Iyer', email: 'meena.purge@example.com', mobile: '9876501234' },
      },
    });
    expect(review.statusCode).toBe(201);
    await t.db
      .update(media)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(media.key, [used!.name, unused!.name]));

    const purge = createMediaService(t.db, createLocalStorage(t.dataDir), {
      dailyFiles: 10,
      dailyBytes: 1e9,
      anonymousPerDay: 10,
    });
    const result = await purge.purgeUnreferenced();
    expect(result.deleted).toBeGreaterThanOrEqual(1);

    expect(await findMediaByKey(t.db, unused!.name)).toBeUndefined();
    expect((await t.app.inject({ url: unused!.url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: used!.url })).statusCode).toBe(200);
    expect((await t.app.inject({ url: fresh.url })).statusCode).toBe(200);
    const [kept] = await t.db.select().from(media).where(eq(media.key, used!.name));
    expect(kept?.referencedAt).toBeInstanceOf(Date);

    // Once referenced, a file stays however old it gets.
    await purge.purgeUnreferenced();
    expect((await t.app.inject({ url: used!.url })).statusCode).toBe(200);
  });
});

describe('finding 9: a decompression bomb is refused from its header', () => {
  it('refuses the 119-megapixel PNG before decoding any pixel', async () => {
    const headers = await account();
    // The image process is started by a first image (image-variants.ts); time the refusal alone.
    expect((await upload('first.png', await smallPng(7), headers)).statusCode).toBe(201);
    const started = performance.now();
    const res = await upload('bomb.png', pngHeaderOnly(10_900, 10_900), headers);
    // Junk pixel data would answer "could not be read": this answer comes from the header alone.
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      message: 'The image has too many pixels: the limit is 50 megapixels',
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  // Issue 40: within 24 MP, yet 10-16 s of decoding in the image process everybody waits for.
  it('refuses a 1 x 24,000,000 PNG from its header, without decoding it', async () => {
    const headers = await account();
    expect((await upload('warm.png', await smallPng(3), headers)).statusCode).toBe(201);
    const bomb = pngHeaderOnly(1, 24_000_000);
    const started = performance.now();
    const res = await upload('line.png', bomb, headers);
    const took = performance.now() - started;
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      message: 'The image is too large: the limit is 12,000 pixels a side',
    });
    // Decoding it took 10-16 s. Refused from its header it takes a few milliseconds alone, and took
    // 0.65 s once in CI at the lowest priority beside the journeys: a bound of 3 s tells the two
    // apart on a loaded machine, where a 100 ms bound failed good code.
    expect(took).toBeLessThan(3_000);
    // A visitor's too, and a tall one.
    const tall = await upload('tall.png', pngHeaderOnly(24_000_000, 1));
    expect(tall.statusCode).toBe(413);
  });

  it('holds visitors to 24 megapixels', async () => {
    const res = await upload('wide.png', pngHeaderOnly(5_000, 5_000));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      message: 'The image has too many pixels: the limit is 24 megapixels',
    });
  });
});

describe('finding 12: media links only from our own storage', () => {
  it('refuses a javascript: or foreign link in a review with 400 naming the field', async () => {
    for (const url of ['javascript:alert(document.cookie)', 'https://evil.example/images/2026/11/a.webp']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/inflncr/addReview',
        payload: {
          caption: [{ index: 0, value: 'Nice' }],
          data: [{ name: 'a.webp', url }],
          userData: { name: 'Meena Iyer', email: 'meena.links@example.com', mobile: '9876501235' },
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: Record<string, string> }>().errors['data.0.url']).toBe(MEDIA_URL_MESSAGE);
    }
  });
});

describe('finding 13: videos and PDFs lose their metadata', () => {
  it('stores an MP4 without its GPS, author and XMP, media data untouched', async () => {
    const original = movie({ metadata: true });
    for (const secret of [GPS_ISO6709, AUTHOR, XMP_GPS]) expect(original.includes(secret)).toBe(true);
    const res = await upload('IMG_0042.MOV', original, await account(), 'VIDEO');
    expect(res.statusCode).toBe(201);
    const served = (await t.app.inject({ url: res.json<UploadMediaResponse>().data.url })).rawPayload;
    for (const secret of [GPS_ISO6709, AUTHOR, XMP_GPS, 'com.apple.quicktime.location']) {
      expect(served.includes(secret), secret).toBe(false);
    }
    expect(served.length).toBe(original.length);
    expect(served.subarray(served.length - FRAMES.length).equals(FRAMES)).toBe(true);
    const file = path.join(t.dataDir, 'check.mp4');
    fs.writeFileSync(file, served);
    expect(await findVideoMetadata(file, served.length)).toEqual([]);
  });

  it('cleans a camera file whose movie header comes after the media data', async () => {
    const original = movie({ metadata: true, moovLast: true });
    const res = await upload('VID_0001.mp4', original, await account(), 'VIDEO');
    expect(res.statusCode).toBe(201);
    const served = (await t.app.inject({ url: res.json<UploadMediaResponse>().data.url })).rawPayload;
    for (const secret of [GPS_ISO6709, AUTHOR, XMP_GPS]) expect(served.includes(secret), secret).toBe(false);
    const frames = original.indexOf(FRAMES);
    expect(served.subarray(frames, frames + FRAMES.length).equals(FRAMES)).toBe(true);
  });

  it('stores a PDF without author, creator, XMP or an earlier revision’s information', async () => {
    const original = await pdfWithMetadata({});
    for (const secret of [PDF_AUTHOR, PDF_OLD_AUTHOR, PDF_XMP]) expect(mentions(original, secret)).toBe(true);
    const res = await upload('invoice.pdf', original, await account(), 'FILE');
    expect(res.statusCode).toBe(201);
    const served = (await t.app.inject({ url: res.json<UploadMediaResponse>().data.url })).rawPayload;
    for (const secret of [PDF_AUTHOR, PDF_OLD_AUTHOR, PDF_XMP, 'Secret Creator App', 'Asha Rao']) {
      expect(mentions(served, secret), secret).toBe(false);
    }
    const doc = await PDFDocument.load(served, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getAuthor()).toBeUndefined();
  });

  it('refuses a password-protected PDF it cannot clean, and a movie it cannot parse', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.context.trailerInfo.Encrypt = doc.context.obj({ Filter: 'Standard', V: 2 });
    const encrypted = Buffer.from(await doc.save());
    const headers = await account();
    const pdf = await upload('locked.pdf', encrypted, headers);
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json<{ message: string }>().message).toMatch(/password-protected/);

    const broken = Buffer.concat([movie({}).subarray(0, 40), randomBytes(2048)]);
    const video = await upload('broken.mp4', broken, headers);
    expect(video.statusCode).toBe(415);
    expect(video.json<{ message: string }>().message).toMatch(/video could not be read/);
  });
});
