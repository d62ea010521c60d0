/**
 * Catalogue entries for a list of stored values (colours, GST states, CSV columns): one key per
 * value, `{prefix}{value}`, whose English is the domain's own text. Typed key by key, so the Hindi
 * catalogue misses none; the value itself is sent and stored as it is, only its label is translated.
 */
export function keyed<const P extends string, K extends string>(
  prefix: P,
  entries: readonly (readonly [K, string])[],
): { [key in K as `${P}${key}`]: string } {
  return Object.fromEntries(entries.map(([key, english]) => [`${prefix}${key}`, english])) as {
    [key in K as `${P}${key}`]: string;
  };
}
