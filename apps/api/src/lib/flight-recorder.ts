/**
 * What the embedded database was last asked to run, kept where the event-loop watchdog's thread can
 * read it while the main thread is stuck (lib/event-loop-watchdog.ts): the text of the last statement
 * parsed and, only where `recordParameters` was called (tests: values are people's data), the
 * values last bound. Written by db/pglite-guard.ts for every protocol message it passes on: one copy
 * of at most SLOT_BYTES, far below a statement's own cost.
 */
const SLOT_BYTES = 4096;
const HEADER_INTS = 2; // the used length of each slot
export const flightRecorderBuffer = new SharedArrayBuffer(HEADER_INTS * 4 + 2 * SLOT_BYTES);
const lengths = new Int32Array(flightRecorderBuffer, 0, HEADER_INTS);
const slots = [0, 1].map(
  (i) => new Uint8Array(flightRecorderBuffer, HEADER_INTS * 4 + i * SLOT_BYTES, SLOT_BYTES),
);

const STATEMENT = 0;
const PARAMETERS = 1;
let withParameters = false;

/** Keeps bound values too, for a test run's diagnosis; never in production. */
export function recordParameters(): void {
  withParameters = true;
}

function keep(slot: number, message: Uint8Array) {
  const length = Math.min(message.byteLength, SLOT_BYTES);
  slots[slot]!.set(message.subarray(0, length));
  Atomics.store(lengths, slot, length);
}

/** Notes a frontend protocol message: a Parse or simple Query (its text), a Bind (its values). */
export function recordMessage(message: Uint8Array): void {
  const type = message[0];
  if (type === 0x50 /* P */ || type === 0x51 /* Q */) {
    keep(STATEMENT, message);
    Atomics.store(lengths, PARAMETERS, 0);
  } else if (type === 0x42 /* B */ && withParameters) keep(PARAMETERS, message);
}

/**
 * `describeRecording(buffer)` as JavaScript source, for the watchdog's thread: it reads the recorder
 * back as text when the main thread cannot. (A string, not a function's `toString()`: the test
 * runner's transform adds helpers a function's source would then call.)
 */
export const describeRecordingSource = `
function describeRecording(buffer) {
  const header = new Int32Array(buffer, 0, ${HEADER_INTS});
  const bytes = (i) => new Uint8Array(buffer, ${HEADER_INTS * 4} + i * ${SLOT_BYTES}, Atomics.load(header, i));
  const decoder = new TextDecoder();
  const cString = (data, at) => {
    let end = at;
    while (end < data.length && data[end] !== 0) end += 1;
    return [decoder.decode(data.subarray(at, end)), end + 1];
  };
  const statement = bytes(0);
  if (statement.length === 0) return '';
  // Q: type, length, text. P: type, length, statement name, text.
  const text = statement[0] === 0x51 ? cString(statement, 5)[0] : cString(statement, cString(statement, 5)[1])[0];
  let described = 'the statement ' + text.replace(/\\s+/g, ' ').trim();
  const bind = bytes(1);
  if (bind.length > 0) {
    // B: type, length, portal, statement, format codes, values (each a length, -1 for null), ...
    const view = new DataView(bind.buffer, bind.byteOffset, bind.byteLength);
    let at = cString(bind, cString(bind, 5)[1])[1];
    at += 2 + 2 * view.getInt16(at);
    const count = view.getInt16(at);
    at += 2;
    const values = [];
    for (let i = 0; i < count && at + 4 <= bind.length; i += 1) {
      const length = view.getInt32(at);
      at += 4;
      values.push(length < 0 ? 'null' : JSON.stringify(decoder.decode(bind.subarray(at, at + length))));
      at += Math.max(length, 0);
    }
    described += '; with the values [' + values.join(', ') + ']';
  }
  return described;
}
`;
