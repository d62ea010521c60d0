import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { repoRoot, startServer } from './server';

/**
 * One built server for the whole run, on a fresh data dir with its embedded PostgreSQL (or on the
 * outside PostgreSQL of E2E_DATABASE_URL when set). Set E2E_BASE_URL to test a server that is already running instead.
 */
export default async function globalSetup(_config: FullConfig) {
  if (process.env.E2E_BASE_URL) return undefined;
  const reportName = process.env.E2E_REPORT_NAME ?? 'playwright';
  const server = await startServer({
    databaseUrl: process.env.E2E_DATABASE_URL,
    logFile: path.join(repoRoot, '.test-output', `${reportName}-server.log`),
  });
  // Workers start after global setup and inherit this.
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_WEB_DIST = server.webDist;
  return async () => {
    await server.stop();
  };
}
