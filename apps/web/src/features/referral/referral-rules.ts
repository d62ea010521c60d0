/** Referrer ids are opaque tokens; anything else in `rid` is ignored rather than stored. */
const REFERRER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isValidReferrerId(value: string | null | undefined): value is string {
  return typeof value === 'string' && REFERRER_ID.test(value);
}

/**
 * Where /refer may send the visitor: `redirect` only when it is a path on this site, otherwise
 * `/`. This keeps /refer from being an open redirect: absolute URLs, protocol-relative `//host`
 * and `/\host` (which browsers read as `//host`) are refused, and the final check that the parsed
 * URL keeps our origin also catches tricks such as tabs or newlines that URL parsing strips.
 */
export function safeRedirectPath(redirect: string | null | undefined, origin: string): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) {
    return '/';
  }
  let url: URL;
  try {
    url = new URL(redirect, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin) return '/';
  // Dot segments are resolved by the parser: `/.//evil.com`, `/..//evil.com` and `/%2e%2e//evil.com`
  // all come out as the path `//evil.com`, which a browser reads as another host. Check the result.
  if (url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
