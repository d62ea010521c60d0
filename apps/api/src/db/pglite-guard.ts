import type { PGlite } from '@electric-sql/pglite';

/** The status of the exception PGlite's backend throws for an ordinary SQL error (its longjmp). */
const POSTGRES_MAIN_LONGJMP = 100;

interface BackendModule {
  _PostgresMainLoopOnce: () => void;
  stackRestore: (pointer: number) => void;
}

/**
 * Failures in a row after which the backend is taken for dead. PGlite's loop goes on after any
 * exception, and one that is followed by progress must stay harmless, as it is in PGlite; a dead
 * backend fails the same way on every pass, thousands of times a second.
 */
const SPIN_LIMIT = 1000;

/**
 * Turns PGlite's silent infinite loop into an error (electric-sql/pglite#1058, still open in 0.5.16).
 *
 * PGlite runs a statement by calling its backend's main loop until the message is consumed, and
 * swallows every exception the backend throws except the ordinary SQL error. When the backend dies
 * instead (it exits, or WebAssembly traps), nothing is consumed any more and the loop spins at 100%
 * CPU for ever, synchronously: no timer, request timeout or test timeout can run again and only
 * SIGKILL ends the process. It stalled whole CI runs here.
 *
 * The loop's catch block first restores the WebAssembly stack through `mod.stackRestore`; once the
 * backend has failed SPIN_LIMIT times in a row with anything but the SQL error, that call rethrows
 * the failure, so the statement rejects with it and the process stays alive to report it (its
 * readiness probe then fails, so a supervisor can restart it). An SQL error still goes the way
 * PGlite handles it, and so does an odd exception the backend gets over.
 */
export function guardBackendFailures(client: PGlite): void {
  const mod = (client as unknown as { mod?: BackendModule }).mod;
  if (!mod || typeof mod._PostgresMainLoopOnce !== 'function' || typeof mod.stackRestore !== 'function') {
    throw new Error(
      'PGlite changed its internals: review db/pglite-guard.ts against electric-sql/pglite#1058',
    );
  }
  const runOnce = mod._PostgresMainLoopOnce.bind(mod);
  const stackRestore = mod.stackRestore.bind(mod);
  let inARow = 0;
  let failure: unknown;
  mod._PostgresMainLoopOnce = () => {
    try {
      runOnce();
      inARow = 0;
    } catch (error) {
      if ((error as { status?: unknown } | null)?.status === POSTGRES_MAIN_LONGJMP) inARow = 0;
      else {
        inARow += 1;
        if (inARow === 1) console.error(`The embedded database's backend threw ${describe(error)}`);
        if (inARow >= SPIN_LIMIT) failure = error;
      }
      throw error;
    }
  };
  mod.stackRestore = (pointer) => {
    stackRestore(pointer);
    if (failure === undefined) return;
    const cause = failure;
    failure = undefined;
    inARow = 0;
    throw new Error(
      `The embedded database's backend failed ${String(SPIN_LIMIT)} times in a row: ${describe(cause)}`,
      { cause },
    );
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number') return `exit status ${String(status)}`;
  if (error === null || typeof error !== 'object') return String(error);
  let fields: string;
  try {
    fields = JSON.stringify(error);
  } catch {
    fields = Object.keys(error).join(', ');
  }
  return `${error.constructor.name} ${fields}`;
}
