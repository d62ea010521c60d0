import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { movie } from '../../test/media-files.js';
import { createTestApp, createUser, loginAs } from '../../test/test-app.js';

const MB = 1024 * 1024;

/**
 * Finding 2 of issue 13: six parallel 100 MB uploads raised server memory from 0.72 to 1.86 GB.
 * Real HTTP, bodies generated as they are sent; 600 MB goes to disk, so it runs only when asked:
 *   UPLOAD_MEMORY_BENCH=1 npx vitest run --project api apps/api/src/modules/media/upload-memory.test.ts
 */
it.runIf(process.env.UPLOAD_MEMORY_BENCH)(
  'six parallel 100 MB video uploads add little to the server’s memory',
  async () => {
    const t = await createTestApp({ UPLOAD_DAILY_MB: '5000', RATE_LIMIT_UPLOADS_PER_MINUTE: '100' });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as AddressInfo).port;
      const user = await createUser(t.db);
      const token = await loginAs(t.app, user.email, user.password);
      const sample = movie({ metadata: true });
      const ftyp = sample.subarray(0, sample.readUInt32BE(0));
      const moov = sample.subarray(ftyp.length, ftyp.length + sample.readUInt32BE(ftyp.length));
      const frameChunks = 99;
      const mdatHead = Buffer.alloc(8);
      mdatHead.writeUInt32BE(frameChunks * MB + 8, 0);
      mdatHead.write('mdat', 4);
      const boundary = 'memory-bench';
      const send = () =>
        new Promise<number>((resolve, reject) => {
          const req = http.request(
            {
              port,
              host: '127.0.0.1',
              method: 'POST',
              path: '/api/media/upload',
              headers: {
                'content-type': `multipart/form-data; boundary=${boundary}`,
                authorization: `Bearer ${token}`,
              },
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode ?? 0));
            },
          );
          req.on('error', reject);
          req.write(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.mp4"\r\n` +
              'Content-Type: video/mp4\r\n\r\n',
          );
          req.write(ftyp);
          req.write(mdatHead);
          const chunk = Buffer.alloc(MB, 3);
          let sent = 0;
          // Camera layout: the movie header after the frames.
          const pump = () => {
            while (sent < frameChunks) {
              sent += 1;
              if (!req.write(chunk)) return void req.once('drain', pump);
            }
            req.write(moov);
            req.end(`\r\n--${boundary}--\r\n`);
          };
          pump();
        });
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const codes = await Promise.all(Array.from({ length: 6 }, send));
      clearInterval(sampler);
      console.log(`six 100 MB uploads: rss ${(before / MB) | 0} MB -> peak ${(peak / MB) | 0} MB`);
      expect(codes).toEqual([201, 201, 201, 201, 201, 201]);
      // Buffering would add 600 MB; streaming adds chunks in flight.
      expect(peak - before).toBeLessThan(100 * MB);
    } finally {
      await t.close();
    }
  },
  300_000,
);
