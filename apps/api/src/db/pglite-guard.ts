import type { PGlite } from '@electric-sql/pglite';
import { recordMessage } from '../lib/flight-recorder.js';

/** The status of the exception PGlite's backend throws for an ordinary SQL error (its longjmp). */
const POSTGRES_MAIN_LONGJMP = 100;

interface BackendModule {
  _PostgresMainLoopOnce: () => void;
  stackRestore: (pointer: number) => void;
}

/**
 * Passes of the backend's loop a message may take beyond one per protocol message it holds (an
 * error, a notice or a batch may take a few more). A stuck backend takes thousands a second.
 */
const SPARE_PASSES = 1000;

/** The protocol messages in `message`: a type byte and a length that counts itself, each. */
function countMessages(message: Uint8Array): number {
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  let count = 0;
  for (let at = 0; at + 5 <= message.byteLength; at += 1 + view.getUint32(at + 1)) count += 1;
  return count;
}

/** Told once per database, when its engine has failed for good. */
type EngineFailureListener = (error: Error) => void;
const engineFailureListeners = new Set<EngineFailureListener>();

/** Calls `listener` when any guarded embedded database fails for good; returns its removal. */
export function onEngineFailure(listener: EngineFailureListener): () => void {
  engineFailureListeners.add(listener);
  return () => engineFailureListeners.delete(listener);
}

/**
 * Turns PGlite's silent infinite loop into an error (electric-sql/pglite#1058, still open in 0.5.16).
 *
 * PGlite runs a message by calling its backend's main loop until the message is consumed, and
 * swallows every exception but the ordinary SQL error. When the backend dies (it exits, or
 * WebAssembly traps, as after a close: "null function or function signature mismatch") or comes
 * back from each pass without consuming anything, the loop spins at 100% CPU for ever,
 * synchronously: no timer, request timeout or test timeout can run again and only SIGKILL ends the
 * process. (A backend that loops inside one pass, as seen on the header search's store query, never
 * comes back here at all: lib/event-loop-watchdog.ts ends that process.)
 *
 * Each message gets a budget of passes: one per protocol message in it, plus SPARE_PASSES. A pass
 * over budget throws into the loop's catch block, which first restores the WebAssembly stack
 * through `mod.stackRestore`; that call then throws out of the loop, so the statement rejects and
 * the process stays alive to say so. Anything else goes the way PGlite handles it. Each message is
 * also noted in the flight recorder (lib/flight-recorder.ts), which the watchdog reads when a
 * statement never comes back.
 *
 * A backend that throws anything but an ordinary SQL error (it exited, or WebAssembly trapped:
 * "null function or function signature mismatch", seen in the trigram extension; docs/operations.md)
 * has lost its state for good: the next statement then looped inside one pass until the watchdog
 * ended the process, 60-90 s later. So the statement it threw in ends at once, every later one is
 * refused without reaching the backend, and the listeners of `onEngineFailure` hear of it once (the
 * server exits to be started again; a test run names the file to run again).
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
  const runMessage = client.execProtocolRawSync.bind(client);
  let passesLeft = Number.POSITIVE_INFINITY;
  let lastThrown: unknown;
  let stuck: Error | undefined;
  let failed: Error | undefined;
  const fail = (error: Error) => {
    if (failed) return;
    failed = error;
    console.error(error.message);
    for (const listener of engineFailureListeners) listener(error);
  };

  client.execProtocolRawSync = (message: Uint8Array) => {
    if (failed) {
      throw new Error(
        "The embedded database's engine failed earlier and runs no more statements: restart the process",
        { cause: failed },
      );
    }
    recordMessage(message);
    passesLeft = countMessages(message) + SPARE_PASSES;
    lastThrown = undefined;
    try {
      return runMessage(message);
    } finally {
      passesLeft = Number.POSITIVE_INFINITY;
    }
  };
  mod._PostgresMainLoopOnce = () => {
    passesLeft -= 1;
    if (passesLeft < 0) {
      const detail = lastThrown === undefined ? '' : `; it last threw ${describe(lastThrown)}`;
      stuck = new Error(`The embedded database's backend made no progress on a statement${detail}`, {
        cause: lastThrown,
      });
      fail(stuck);
      throw stuck;
    }
    try {
      runOnce();
    } catch (error) {
      if ((error as { status?: unknown } | null)?.status !== POSTGRES_MAIN_LONGJMP) {
        if (lastThrown === undefined)
          fail(new Error(`The embedded database's backend threw ${describe(error)}`, { cause: error }));
        lastThrown = error;
        // Its state is lost: the next pass ends the statement (above) instead of running on it.
        passesLeft = 0;
      }
      throw error;
    }
  };
  mod.stackRestore = (pointer) => {
    stackRestore(pointer);
    if (stuck === undefined) return;
    const error = stuck;
    stuck = undefined;
    throw error;
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

type Method = 'query' | 'exec' | 'transaction';

/**
 * Closes PGlite only once no statement is running or waiting. PGlite's own close() lets a
 * statement that was already queued run after the backend's callbacks are gone: seen as
 * "RuntimeError: null function or function signature mismatch" and a statement that never
 * settles (a test's app closed while a background write was still queued). Statements started
 * once closing has begun are refused at once instead.
 */
export function closeWhenIdle(client: PGlite): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  let closing = false;
  const target = client as unknown as Record<Method, (...args: unknown[]) => Promise<unknown>>;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = target[method].bind(client);
    target[method] = (...args: unknown[]) => {
      if (closing) return Promise.reject(new Error('The embedded database is closing'));
      const statement = original(...args);
      running.add(statement);
      const done = () => running.delete(statement);
      statement.then(done, done);
      return statement;
    };
  }
  return async () => {
    closing = true;
    while (running.size > 0) await Promise.allSettled([...running]);
    await client.close();
  };
}
