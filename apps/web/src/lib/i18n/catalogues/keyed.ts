/** A value as part of a key: i18next reads a key with spaces as a sentence and ignores its namespace. */
type Underscored<S extends string> = S extends `${infer A} ${infer B}` ? `${A}_${Underscored<B>}` : S;

/** The catalogue key of a stored value: `{prefix}{value}`, spaces as underscores ("colour_Off_White"). */
export function keyOf<const P extends string, K extends string>(
  prefix: P,
  value: K,
): `${P}${Underscored<K>}` {
  return `${prefix}${value.replace(/ /g, '_')}` as `${P}${Underscored<K>}`;
}

/**
 * Catalogue entries for a list of stored values (colours, GST states, CSV columns): one key per
 * value (`keyOf`), whose English is the domain's own text. Typed key by key, so the Hindi catalogue
 * misses none; the value itself is sent and stored as it is, only its label is translated.
 */
export function keyed<const P extends string, K extends string>(
  prefix: P,
  entries: readonly (readonly [K, string])[],
): { [key in K as `${P}${Underscored<key>}`]: string } {
  return Object.fromEntries(entries.map(([key, english]) => [keyOf(prefix, key), english])) as {
    [key in K as `${P}${Underscored<key>}`]: string;
  };
}
