import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';

// Totals before paying and cash on delivery (issue 23, decision 032).

export interface CodContext {
  db: Database;
  now: () => number;
  log: FastifyBaseLogger;
}
