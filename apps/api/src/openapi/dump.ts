import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';

/**
 * The OpenAPI document the app serves at /api/docs/json, read through `inject` from an app on a
 * throwaway embedded database: no network, nothing kept. `publicUrl` becomes its `servers` entry.
 */
export async function dumpOpenApi(publicUrl = 'https://revuhub.in'): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-dump-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    NOTIFICATIONS_POLL_SECONDS: '0',
    PUBLIC_URL: publicUrl,
  });
  const database = await openDatabase({ dataDir, embedded: { tuning: 'tests', log: () => undefined } });
  try {
    const app = await buildApp({ config, db: database.db });
    try {
      await app.ready();
      const answer = await app.inject({ method: 'GET', url: '/api/docs/json' });
      if (answer.statusCode !== 200) throw new Error(`/api/docs/json answered ${answer.statusCode}`);
      return answer.json<Record<string, unknown>>();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
