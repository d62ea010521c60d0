import type { StorageProvider } from '../../providers/storage/storage.js';
import type { Database } from '../client.js';
import { seedDemoData } from './demo-data.js';
import { seedReferenceData } from './seed-reference.js';

export interface SeedOptions {
  /** Add the demo marketplace when the database has no shops yet. */
  demo: boolean;
  storage: StorageProvider;
  log: { info(msg: string): void };
}

/** Runs on every start: reference data is topped up, demo data only goes into an empty marketplace. */
export async function seedDatabase(db: Database, opts: SeedOptions): Promise<void> {
  const started = performance.now();
  const ref = await seedReferenceData(db);
  opts.log.info(
    `Reference data ready: ${ref.countries} countries, ${ref.states} states, ${ref.cities} cities, ` +
      `${ref.parentCategories} categories (${ref.childCategories} sub-categories), ` +
      `${ref.influencerCategories} influencer categories, ${ref.hashtags} hashtags`,
  );
  if (!opts.demo) return;

  const demo = await seedDemoData(db, opts.storage);
  if (demo) {
    opts.log.info(
      `Demo data added in ${Math.round(performance.now() - started)} ms: ${demo.shops} shops, ` +
        `${demo.products} products, ${demo.posts} reviews (set SEED_DEMO=false to start empty)`,
    );
  }
}
