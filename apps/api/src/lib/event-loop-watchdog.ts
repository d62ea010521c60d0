import { Worker } from 'node:worker_threads';
import { describeRecordingSource, flightRecorderBuffer } from './flight-recorder.js';

/**
 * Ends the process when its event loop has not turned for `limitSeconds`.
 *
 * PGlite's WebAssembly backend can loop for ever inside one statement (seen on the header search's
 * store query, inside `PostgresMainLoopOnce`; db/pglite-guard.ts catches the loops that come back to
 * JavaScript, this one never does). Nothing on the blocked thread can run again, so a thread of its
 * own watches a heartbeat the event loop writes every second and, when it stops, says so on stderr
 * and kills the process: a supervisor (systemd, Docker, WORKERS=2's primary) starts it again, and
 * the embedded database recovers as after any crash (docs/operations.md). Without it the server
 * answers nothing at 100% CPU until someone notices. Its message names the statement the embedded
 * database was last given (lib/flight-recorder.ts), so that each stall says what caused it.
 */
export function startEventLoopWatchdog(
  limitSeconds: number,
  what = 'The server',
  doing?: WatchdogNote,
): () => void {
  const beat = new Int32Array(new SharedArrayBuffer(4));
  const now = () => Math.floor(performance.timeOrigin / 1000 + performance.now() / 1000);
  Atomics.store(beat, 0, now());
  const heart = setInterval(() => Atomics.store(beat, 0, now()), 1000);
  heart.unref();
  const watcher = new Worker(
    `
    const { workerData } = require('node:worker_threads');
    const fs = require('node:fs');
    const { beat, limitSeconds, what, recording, doing } = workerData;
    ${describeRecordingSource}
    setInterval(() => {
      const silent = Math.floor(Date.now() / 1000) - Atomics.load(beat, 0);
      if (silent < limitSeconds) return;
      let last = '';
      try {
        last = describeRecording(recording);
      } catch (error) {
        last = 'a statement its recorder could not read (' + error + ')';
      }
      const task = doing ? new TextDecoder().decode(new Uint8Array(doing.buffer, 4, Atomics.load(new Int32Array(doing.buffer, 0, 1), 0))) : '';
      fs.writeSync(2, what + "'s event loop has been blocked for " + silent + ' s (a statement of the ' +
        'embedded database that never ends?): ending the process so that it can be started again' +
        (task ? '. It was running ' + task : '') +
        (last ? '. The embedded database was last given ' + last : '') + '\\n');
      process.kill(process.pid, 'SIGKILL');
    }, 1000);
    `,
    { eval: true, workerData: { beat, limitSeconds, what, recording: flightRecorderBuffer, doing } },
  );
  watcher.unref();
  return () => {
    clearInterval(heart);
    void watcher.terminate();
  };
}

/**
 * What the watched thread is doing, in words its watchdog can read while that thread is stuck
 * (a Vitest worker notes its test file, so that a stalled file can be run again on its own).
 */
export class WatchdogNote {
  readonly buffer = new SharedArrayBuffer(4 + 1024);

  set(text: string): void {
    const bytes = new TextEncoder().encode(text).subarray(0, 1024);
    new Uint8Array(this.buffer, 4).set(bytes);
    Atomics.store(new Int32Array(this.buffer, 0, 1), 0, bytes.length);
  }

  /** What was last set. */
  text(): string {
    const length = Atomics.load(new Int32Array(this.buffer, 0, 1), 0);
    return new TextDecoder().decode(new Uint8Array(this.buffer, 4, length).slice());
  }
}
