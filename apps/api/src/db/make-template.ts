// Run by apps/api/build.mjs on the built bundle: what a first start copies instead of making it
// (decision 035). `node dist/make-template.js <database folder> <images folder>`:
//   - a PostgreSQL cluster, migrated and with the reference data, for the embedded server's first
//     start (copied by db/embedded-postgres.ts, which gives the copy a password of its own);
//   - the demo seed's images, rendered once here rather than by sharp in every new server.
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
await writeDemoImages(imagesFolder, demoImages());
