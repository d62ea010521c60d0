import { afterEach, describe, expect, it } from 'vitest';
import { isOwnMediaUrl, mediaSchema, setMediaBases } from './media.js';
import { productImageSchema } from './products.js';
import { newPostSchema } from './posts.js';

const ATTACKS = [
  'javascript:alert(document.cookie)',
  'JAVASCRIPT:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '//evil.example/media/images/a.webp',
  '/media/../api/users/me',
  '/media/images/../../etc/passwd',
  '/api/users/logout',
  'https://user:pass@cdn.example.com/images/a.webp',
  'https://cdn.example.com/images/a.webp?redirect=x',
  'https://cdn.example.com/images/a%2e%2e/b.webp',
];

afterEach(() => setMediaBases([]));

describe('media URLs come from our own storage only', () => {
  it('takes same-origin /media/ paths', () => {
    setMediaBases([]);
    expect(isOwnMediaUrl('/media/images/2026/11/0123456789abcdef01234567.webp')).toBe(true);
    expect(isOwnMediaUrl('/media/demo/kavya.webp')).toBe(true);
  });

  it('refuses script, data, protocol-relative and path-escaping addresses', () => {
    setMediaBases(['https://cdn.example.com/']);
    for (const url of ATTACKS) expect(isOwnMediaUrl(url), url).toBe(false);
  });

  it('refuses another host, and takes the configured storage base', () => {
    setMediaBases(['https://cdn.example.com/', 'https://revuhub.example/media/']);
    expect(isOwnMediaUrl('https://cdn.example.com/images/2026/11/a.webp')).toBe(true);
    expect(isOwnMediaUrl('https://revuhub.example/media/images/a.webp')).toBe(true);
    expect(isOwnMediaUrl('https://evil.example/images/2026/11/a.webp')).toBe(false);
    expect(isOwnMediaUrl('https://cdn.example.com.evil.example/images/a.webp')).toBe(false);
    expect(isOwnMediaUrl('https://revuhub.example/api/users/me')).toBe(false);
    setMediaBases([]);
    expect(isOwnMediaUrl('https://cdn.example.com/images/2026/11/a.webp')).toBe(false);
  });

  it('is the rule of every schema that takes media', () => {
    setMediaBases([]);
    const bad = { name: 'x.webp', url: 'javascript:alert(1)', type: 'IMAGE' };
    expect(mediaSchema.safeParse(bad).success).toBe(false);
    expect(productImageSchema.safeParse(bad).success).toBe(false);
    const post = newPostSchema.safeParse({
      data: [{ name: 'a', url: 'https://evil.example/a.webp' }],
      userData: { name: 'Asha Rao', email: 'asha@example.com', mobile: '9876543210' },
    });
    expect(post.success).toBe(false);
    expect(post.error?.issues.map((i) => i.path.join('.'))).toContain('data.0.url');
  });
});
