/**
 * One value per key, made on first use and kept. For Intl formatters, which are slow to make (about
 * 0.35 ms each, more on a phone) and cheap to use: a list formats hundreds of values per render.
 */
export function memoByKey<T>(make: (key: string) => T): (key: string) => T {
  const byKey = new Map<string, T>();
  return (key) => {
    let value = byKey.get(key);
    if (value === undefined) {
      value = make(key);
      byKey.set(key, value);
    }
    return value;
  };
}
