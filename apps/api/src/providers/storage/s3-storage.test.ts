import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { createS3Storage } from './s3-storage.js';

interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A stand-in S3 endpoint on 127.0.0.1 that records each signed request and answers `nextStatus`. */
let server: http.Server;
let endpoint: string;
let recorded: Recorded[] = [];
let nextStatus = 200;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      recorded.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      res.statusCode = nextStatus;
      res.end(nextStatus < 300 ? '' : '<Error><Code>AccessDenied</Code></Error>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  recorded = [];
  nextStatus = 200;
});

const options = () => ({
  endpoint: `${endpoint}/`,
  region: 'auto',
  bucket: 'uploads',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
});

describe('S3 storage', () => {
  it('PUTs a signed object with its content type and returns the path-style URL', async () => {
    const storage = createS3Storage(options());
    const body = Buffer.from('%PDF-1.4 an invoice');
    const { url } = await storage.put('files/2026/11/abc123.pdf', body, 'application/pdf');

    expect(storage.kind).toBe('s3');
    expect(url).toBe(`${endpoint}/uploads/files/2026/11/abc123.pdf`);
    expect(recorded).toHaveLength(1);
    const [req] = recorded;
    expect(req).toMatchObject({ method: 'PUT', path: '/uploads/files/2026/11/abc123.pdf' });
    expect(req?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/auto\/s3\/aws4_request/,
    );
    expect(req?.headers.authorization).toMatch(
      /SignedHeaders=[^,]*host;[^,]*x-amz-content-sha256;x-amz-date/,
    );
    expect(req?.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(body).digest('hex'));
    expect(req?.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(req?.headers['content-type']).toBe('application/pdf');
    // Stored with the object, so the bucket serves a PDF (and its scripts) as a download.
    expect(req?.headers['content-disposition']).toBe('attachment; filename="abc123.pdf"');
    expect(req?.headers.authorization).toMatch(/SignedHeaders=[^,]*content-disposition/);
    expect(req?.body.equals(body)).toBe(true);
  });

  it('streams a spooled file from disk with its length and signed hash', async () => {
    const storage = createS3Storage(options());
    const body = Buffer.alloc(3 * 1024 * 1024, 7);
    const file = path.join(os.tmpdir(), `s3-stream-${process.pid}.bin`);
    fs.writeFileSync(file, body);
    let opened = 0;
    try {
      const sha256 = createHash('sha256').update(body).digest('hex');
      const { url } = await storage.put(
        'videos/2026/11/abc.mp4',
        {
          size: body.length,
          sha256,
          open: () => {
            opened += 1;
            return fs.createReadStream(file, { highWaterMark: 64 * 1024 });
          },
        },
        'video/mp4',
      );
      expect(url).toBe(`${endpoint}/uploads/videos/2026/11/abc.mp4`);
      expect(opened).toBe(1);
      const [req] = recorded;
      expect(req).toMatchObject({ method: 'PUT', path: '/uploads/videos/2026/11/abc.mp4' });
      expect(req?.headers['content-length']).toBe(String(body.length));
      expect(req?.headers['transfer-encoding']).toBeUndefined();
      expect(req?.headers['x-amz-content-sha256']).toBe(sha256);
      expect(req?.headers['content-type']).toBe('video/mp4');
      expect(req?.headers['content-disposition']).toBeUndefined();
      expect(req?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
      expect(req?.body.equals(body)).toBe(true);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it('reopens the file to try a streamed upload again, then reports storage unavailable', async () => {
    nextStatus = 503;
    let opened = 0;
    const storage = createS3Storage(options());
    const put = storage.put(
      'videos/a.mp4',
      {
        size: 1,
        sha256: createHash('sha256').update('x').digest('hex'),
        open: () => (opened++, Readable.from([Buffer.from('x')])),
      },
      'video/mp4',
    );
    await expect(put).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(opened).toBe(3);
  });

  it('uses the public URL for links when one is configured', async () => {
    const storage = createS3Storage({ ...options(), publicUrl: 'https://cdn.example.com/' });
    const { url } = await storage.put('images/2026/11/abc.webp', Buffer.from('x'), 'image/webp');
    expect(url).toBe('https://cdn.example.com/images/2026/11/abc.webp');
    expect(recorded[0]?.path).toBe('/uploads/images/2026/11/abc.webp');
  });

  it('DELETEs a signed object', async () => {
    nextStatus = 204;
    await createS3Storage(options()).delete('images/2026/11/abc.webp');
    expect(recorded[0]).toMatchObject({ method: 'DELETE', path: '/uploads/images/2026/11/abc.webp' });
    expect(recorded[0]?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
  });

  it('reports a refused request as storage being unavailable', async () => {
    nextStatus = 403;
    const error = await createS3Storage(options())
      .put('images/a.webp', Buffer.from('x'), 'image/webp')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'UNAVAILABLE',
      status: 503,
      message: 'File storage is unavailable, try again',
    });

    nextStatus = 500;
    await expect(createS3Storage(options()).delete('images/a.webp')).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
  });

  it('reports an unreachable endpoint as storage being unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const storage = createS3Storage({ ...options(), endpoint: `http://127.0.0.1:${port}` });
    await expect(storage.put('images/a.webp', Buffer.from('x'), 'image/webp')).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
  });
});
