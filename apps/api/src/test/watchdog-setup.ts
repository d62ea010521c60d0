import { startEventLoopWatchdog } from '../lib/event-loop-watchdog.js';

// A Vitest worker stuck inside an embedded-database statement (lib/event-loop-watchdog.ts) can run no
// timeout of its own: after 90 s it is ended, its file fails, and scripts/test-all.sh runs the
// PGlite pass once more. One watchdog per worker, however many files it runs (isolate: false).
const state = globalThis as { vitestWatchdog?: () => void };
state.vitestWatchdog ??= startEventLoopWatchdog(90, 'A Vitest worker');
