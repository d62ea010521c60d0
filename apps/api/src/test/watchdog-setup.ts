import { beforeAll, expect } from 'vitest';
import { startEventLoopWatchdog, WatchdogNote } from '../lib/event-loop-watchdog.js';
import { recordParameters } from '../lib/flight-recorder.js';
import { onEngineFailure } from '../db/pglite-guard.js';

// A Vitest worker stuck inside an embedded-database statement (lib/event-loop-watchdog.ts) can run no
// timeout of its own: after 90 s it is ended and its file fails. Its message names the test file
// ("It was running test file <path>"), and scripts/test-all.sh runs that file again on its own. One
// watchdog per worker, however many files it runs (isolate: false); this setup runs before each file,
// so the note is always the file the worker is on. The message also names the statement and the
// values it was stuck on (tests' values are made up). VITEST_WATCHDOG_SECONDS shortens the wait.
const state = globalThis as {
  vitestWatchdog?: () => void;
  vitestWatchdogNote?: WatchdogNote;
  vitestEngineFailure?: () => void;
};
recordParameters();
state.vitestWatchdogNote ??= new WatchdogNote();
state.vitestWatchdog ??= startEventLoopWatchdog(
  Number(process.env.VITEST_WATCHDOG_SECONDS ?? 90),
  'A Vitest worker',
  state.vitestWatchdogNote,
);
const note = state.vitestWatchdogNote;
// A file whose embedded database failed (db/pglite-guard.ts) fails at once rather than stalling:
// the same words name it, so that it is run again on its own too.
state.vitestEngineFailure?.();
state.vitestEngineFailure = onEngineFailure((error) =>
  process.stderr.write(
    `A Vitest worker's embedded database failed (${error.message}). It was running ${note.text()}\n`,
  ),
);
beforeAll(() => {
  note.set(`test file ${expect.getState().testPath ?? 'unknown'}`);
});
