/**
 * Builds the upgrade fixture of a release: data made by that release's own code, dumped as SQL that
 * the embedded PostgreSQL and an outside one both load (README.md beside this file).
 *
 *   git archive v1.0.0 | tar -x -C /tmp/release        # the release's source
 *   ln -s "$PWD/node_modules" /tmp/release/node_modules
 *   node --import tsx apps/api/src/db/upgrade-fixtures/make-fixture.ts /tmp/release \
 *     apps/api/src/db/upgrade-fixtures/v1.0.0.sql
 *
 * Everything below is imported from the release's tree, so the rows are the ones it wrote.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../embedded-postgres.js';
import type * as TestAppTypes from '../../test/test-app.js';
import type * as SeedTypes from '../seed/index.js';
import type * as OrdersHelperTypes from '../../modules/orders/orders-test-helpers.js';
import type * as LocalStorageTypes from '../../providers/storage/local-storage.js';

// The release's modules, typed as today's (their exports these scripts use have not changed).
type TestAppModule = typeof TestAppTypes;
type SeedModule = typeof SeedTypes;
type OrdersHelpers = typeof OrdersHelperTypes;
type LocalStorage = typeof LocalStorageTypes;

export const FIXTURE_BUYER = { email: 'fixture-buyer@example.com', password: 'Upgrade-fixture-42' };

const [releaseRoot, outFile] = process.argv.slice(2);
if (!releaseRoot || !outFile) {
  console.error('usage: make-fixture.ts <release checkout> <out.sql>');
  process.exit(2);
}
// The release's test app makes its database on the PostgreSQL server of TEST_DATABASE_URL (as its
// tests do from decision 049 on); without one, on an embedded server of this tree, thrown away after.
let embedded: { server: EmbeddedPostgres; folder: string } | undefined;
if (!process.env.TEST_DATABASE_URL) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'revuhub-fixture-pg-'));
  const server = await startEmbeddedPostgres({ dataDir: folder, tuning: 'tests', log: () => undefined });
  embedded = { server, folder };
  process.env.TEST_DATABASE_URL = server.serverUrl;
}

const from = async <T>(file: string) =>
  (await import(pathToFileURL(path.join(path.resolve(releaseRoot), 'apps/api/src', file)).href)) as T;

const { createTestApp, createUser, loginAs } = await from<TestAppModule>('test/test-app.ts');
const { seedDatabase } = await from<SeedModule>('db/seed/index.ts');
const { makeSeller, makeProduct, orderBody } = await from<OrdersHelpers>(
  'modules/orders/orders-test-helpers.ts',
);
const { createLocalStorage } = await from<LocalStorage>('providers/storage/local-storage.ts');

const t = await createTestApp({ RATE_LIMIT_ORDERS_PER_MINUTE: '1000' });
try {
  await seedDatabase(t.db, {
    demo: true,
    storage: createLocalStorage(t.dataDir),
    log: pino({ level: 'silent' }),
  });
  // A buyer who can log in after the upgrade, with an order of a tracked product.
  const buyer = await createUser(t.db, { ...FIXTURE_BUYER, ownerName: 'Fixture Buyer' });
  const seller = await makeSeller(t, 'Fixture Seller');
  const productId = await makeProduct(t, seller, 25);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/euOrder/saveOrder2',
    headers: { authorization: await loginAs(t.app, buyer.email, buyer.password) },
    payload: orderBody(productId, { quantity: 2 }),
  });
  if (placed.statusCode !== 201) throw new Error(`order: ${placed.statusCode} ${placed.body}`);
  fs.writeFileSync(outFile, await dumpData(t.db));
  console.log(`wrote ${outFile}`);
} finally {
  await t.close();
  if (embedded) {
    await embedded.server.stop();
    fs.rmSync(embedded.folder, { recursive: true, force: true });
  }
}

/**
 * Every row of every table as INSERTs of JSON records, without generated columns (the database
 * computes them again); each table's rows replace what the migrations put there. Foreign keys and triggers are off while loading (session_replication_role),
 * so tables load in any order. Header lines say which migration the schema must be at.
 */
async function dumpData(db: Database): Promise<string> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute<Record<string, unknown>>(query)) as { rows?: Array<Record<string, unknown>> }).rows ??
    [];
  const applied = await rows(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  const journal = JSON.parse(
    fs.readFileSync(path.join(releaseRoot!, 'apps/api/src/db/migrations/meta/_journal.json'), 'utf8'),
  ) as { entries: Array<{ tag: string }> };
  const count = Number(applied[0]!.n);
  const lines = [
    `-- Upgrade fixture: data written by ${path.basename(outFile!, '.sql')} (make-fixture.ts).`,
    `-- migration: ${journal.entries[count - 1]!.tag} (${count})`,
    'set session_replication_role = replica;',
  ];
  const tables = await rows(sql`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  for (const { name } of tables) {
    const columns = (
      await rows(sql`select column_name as c from information_schema.columns
        where table_schema = 'public' and table_name = ${name} and is_generated = 'NEVER' order by ordinal_position`)
    ).map((r) => `"${String(r.c)}"`);
    const list = columns.join(', ');
    const data = await rows(
      sql.raw(
        `select coalesce(json_agg(t order by t::text), '[]') as j from (select ${list} from "${String(name)}") t`,
      ),
    );
    const json = JSON.stringify(data[0]!.j);
    if (json === '[]') continue;
    // The table as the release left it, rows its migrations inserted included.
    lines.push(
      `delete from "${String(name)}";`,
      `insert into "${String(name)}" (${list}) overriding system value select ${list} from ` +
        `json_populate_recordset(null::"${String(name)}", '${json.replace(/'/g, "''")}');`,
    );
  }
  // Serial columns continue after the loaded rows.
  const sequences = await rows(sql`select table_name as t, column_name as c from information_schema.columns
    where table_schema = 'public' and column_default like 'nextval(%'`);
  for (const { t: table, c: column } of sequences) {
    lines.push(
      `select setval(pg_get_serial_sequence('"${String(table)}"', '${String(column)}'), ` +
        `coalesce((select max("${String(column)}") from "${String(table)}"), 0) + 1, false);`,
    );
  }
  lines.push('set session_replication_role = origin;', '');
  return lines.join('\n');
}
