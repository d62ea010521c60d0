/**
 * Wraps `build` so one input object always gives one and the same output object, for as long as
 * the input lives (a WeakMap, so nothing is held after the input is dropped). Routes use it to wrap
 * a cached list in its response envelope, so an unchanged answer is the same object and its
 * serialization is remembered (plugins/http-cache.ts).
 */
export function onePerValue<K extends object, V>(build: (key: K) => V): (key: K) => V {
  const made = new WeakMap<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = build(key);
      made.set(key, value);
    }
    return value;
  };
}
