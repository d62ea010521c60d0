import { startEventLoopWatchdog } from '../lib/event-loop-watchdog.js';
import { recordParameters } from '../lib/flight-recorder.js';

// A Vitest worker stuck inside an embedded-database statement (lib/event-loop-watchdog.ts) can run no
// timeout of its own: after 90 s it is ended, its file fails, and scripts/test-all.sh runs the
// PGlite pass once more. One watchdog per worker, however many files it runs (isolate: false). Its
// message names the statement and the values it was stuck on (tests' values are made up).
const state = globalThis as { vitestWatchdog?: () => void };
recordParameters();
state.vitestWatchdog ??= startEventLoopWatchdog(90, 'A Vitest worker');
