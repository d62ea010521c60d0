import type { PGlite } from '@electric-sql/pglite';

/** The status of the exception PGlite's backend throws for an ordinary SQL error (its longjmp). */
const POSTGRES_MAIN_LONGJMP = 100;

interface BackendModule {
  _PostgresMainLoopOnce: () => void;
  stackRestore: (pointer: number) => void;
}

/**
 * Turns PGlite's silent infinite loop into an error (electric-sql/pglite#1058, still open in 0.5.16).
 *
 * PGlite runs a statement by calling its backend's main loop until the message is consumed, and
 * swallows every exception the backend throws except the ordinary SQL error. When the backend dies
 * instead (it exits, or WebAssembly traps), nothing is consumed any more and the loop spins at 100%
 * CPU for ever, synchronously: no timer, request timeout or test timeout can run again and only
 * SIGKILL ends the process. It stalled whole CI runs here.
 *
 * The loop's catch block first restores the WebAssembly stack through `mod.stackRestore`; when the
 * backend call before it failed with anything but the SQL error, that call rethrows the failure,
 * so the statement rejects with it and the process stays alive to report it (and to be restarted
 * by its supervisor). An SQL error still goes the way PGlite handles it.
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
  let failure: unknown;
  mod._PostgresMainLoopOnce = () => {
    try {
      runOnce();
    } catch (error) {
      if ((error as { status?: unknown } | null)?.status !== POSTGRES_MAIN_LONGJMP) failure = error;
      throw error;
    }
  };
  mod.stackRestore = (pointer) => {
    stackRestore(pointer);
    if (failure === undefined) return;
    const cause = failure;
    failure = undefined;
    throw new Error(`The embedded database's backend failed: ${describe(cause)}`, { cause });
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? `exit status ${String(status)}` : String(error);
}
