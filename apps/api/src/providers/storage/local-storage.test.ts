import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-storage-'));

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('local storage', () => {
  it('writes under <dataDir>/media and leaves no temporary file', async () => {
    const storage = createLocalStorage(dataDir);
    const { url } = await storage.put('images/2026/11/abc.webp', Buffer.from('bytes'), 'image/webp');
    expect(url).toBe('/media/images/2026/11/abc.webp');
    const folder = path.join(dataDir, 'media', 'images', '2026', '11');
    expect(fs.readdirSync(folder)).toEqual(['abc.webp']);
    expect(fs.readFileSync(path.join(folder, 'abc.webp'), 'utf8')).toBe('bytes');

    await storage.delete('images/2026/11/abc.webp');
    expect(fs.readdirSync(folder)).toEqual([]);
    await storage.delete('images/2026/11/abc.webp');
  });

  it('prefixes links with the public URL when one is set', async () => {
    const storage = createLocalStorage(dataDir, { publicUrl: 'https://revuhub.example/' });
    expect((await storage.put('files/a.pdf', Buffer.from('x'), 'application/pdf')).url).toBe(
      'https://revuhub.example/media/files/a.pdf',
    );
  });

  it('refuses keys that could leave the media folder', async () => {
    const storage = createLocalStorage(dataDir);
    for (const key of [
      '../escape.txt',
      'images/../../escape.txt',
      '/etc/passwd',
      'a//b',
      '.hidden',
      'a\\..\\b',
      '',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
    }
    expect(fs.existsSync(path.join(dataDir, 'escape.txt'))).toBe(false);
  });
});
