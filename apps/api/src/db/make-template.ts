// Run by apps/api/build.mjs on the built bundle: what a first start copies instead of making it
// (decision 035). `node dist/make-template.js <database folder> <images folder>`:
//   - a PostgreSQL cluster, migrated and with the reference data, for the embedded server's first
//     start (copied by db/embedded-postgres.ts, which gives the copy a password of its own);
//   - the demo seed's images, rendered once here rather than by sharp in every new server.
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from './client.js';
import { demoImages } from './seed/demo-data.js';
import { writeDemoImages } from './seed/demo-images.js';
import { seedReferenceData } from './seed/seed-reference.js';

const [databaseFolder, imagesFolder] = process.argv.slice(2);
if (!databaseFolder || !imagesFolder)
  throw new Error('usage: make-template.js <data folder> <images folder>');

const handle = await openDatabase({
  dataDir: databaseFolder,
  embedded: { template: undefined, log: () => undefined },
  prepare: async (db) => void (await seedReferenceData(db)),
});
await handle.close();
// Built as root under a folder the PostgreSQL account cannot enter (a clone in root's home), the
// cluster ran outside the build (decision 049); the template is only read and copied, by the server's
// own account, so it is brought into the build.
const location = path.join(databaseFolder, 'pg-location');
if (fs.existsSync(location)) {
  const outside = fs.readFileSync(location, 'utf8').split('\n')[0]!;
  fs.cpSync(outside, path.join(databaseFolder, 'pg'), { recursive: true });
  fs.rmSync(outside, { recursive: true, force: true });
  fs.rmSync(location);
}
await writeDemoImages(imagesFolder, demoImages());
