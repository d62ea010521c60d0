/**
 * Run as a child by lib/event-loop-watchdog.test.ts: an embedded database that has just been given a
 * statement, then a loop that never ends, as when PGlite's backend sticks inside one.
 */
import { PGlite } from '@electric-sql/pglite';
import { guardBackendFailures } from '../db/pglite-guard.js';
import { startEventLoopWatchdog } from '../lib/event-loop-watchdog.js';
import { recordParameters } from '../lib/flight-recorder.js';

recordParameters();
const client = await PGlite.create();
guardBackendFailures(client);
await client.query('select $1::text as name, $2::int as n, $3::text as nothing', ['Kaveri Silks', 7, null]);
startEventLoopWatchdog(2, 'The test child');
console.log('blocking');
for (;;) {
  // as a backend stuck inside the statement
}
