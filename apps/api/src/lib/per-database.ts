import type { Database } from '../db/client.js';

/**
 * What `make` builds for a database, built once per database and kept while it lives: statements
 * prepared once per process rather than per request. (Several repositories still keep their own
 * WeakMap for the same; new ones use this.)
 */
export function perDatabase<T>(make: (db: Database) => T): (db: Database) => T {
  const made = new WeakMap<Database, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
