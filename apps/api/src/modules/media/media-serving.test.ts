import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadMediaResponse } from '@app/domain';
import { createLocalStorage } from '../../providers/storage/local-storage.js';
import { createTestApp, createUser, loginAs, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A PDF that runs a script as soon as a viewer opens it, as an attacker's "invoice" would. */
async function pdfWithScript(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]);
  const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: 'app.alert(document.cookie)' });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

async function upload(filename: string, data: Buffer, type: string) {
  const user = await createUser(t.db);
  const token = await loginAs(t.app, user.email, user.password);
  const boundary = `----serve${randomBytes(8).toString('hex')}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UploadMediaResponse>().data.url;
}

const SANDBOX = "sandbox; default-src 'none'";

describe('uploaded files as served', () => {
  it('send a PDF with a script as a sandboxed download, never as a page of this site', async () => {
    const url = await upload('invoice.pdf', await pdfWithScript(), 'FILE');
    for (const method of ['GET', 'HEAD'] as const) {
      const served = await t.app.inject({ method, url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toMatch(/^application\/pdf/);
      expect(served.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9]+\.pdf"$/);
      expect(served.headers['content-security-policy']).toBe(SANDBOX);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
    // A range request (how PDF viewers read) gets the same headers.
    const part = await t.app.inject({ url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-disposition']).toMatch(/^attachment/);
    expect(part.headers['content-security-policy']).toBe(SANDBOX);
  });

  it('send any file that is not an image or a video as a download, whatever put it there', async () => {
    const storage = createLocalStorage(t.dataDir);
    for (const key of ['files/legacy/drawing.svg', 'files/legacy/page.html', 'files/legacy/noext']) {
      const { url } = await storage.put(key, Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml');
      const served = await t.app.inject({ url });
      expect(served.statusCode, key).toBe(200);
      expect(served.headers['content-disposition'], key).toMatch(/^attachment/);
      expect(served.headers['content-security-policy'], key).toBe(SANDBOX);
    }
  });

  it('keep images inline, for the pages that show them', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const url = await upload('photo.png', png, 'IMAGE');
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['content-disposition']).toBeUndefined();
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });
});
