/** Run as a child by lib/event-loop-watchdog.test.ts: a 2 s watchdog, then a loop that never ends. */
import { startEventLoopWatchdog } from '../lib/event-loop-watchdog.js';

startEventLoopWatchdog(2, 'The test child');
setTimeout(() => {
  console.log('blocking');
  for (;;) {
    // as a backend stuck inside one statement
  }
}, 100);
