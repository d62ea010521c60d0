/** How long one turn of evaluating chunks may hold the main thread before the browser gets it back. */
const TURN_MS = 8;

/**
 * Evaluates the chunks a page drawn on the server announced (the boot script's `data-preload`,
 * apps/web/scripts/prerender-landing.mjs) a few at a time, giving the browser the main thread
 * between turns.
 *
 * Left to the imports that need them, the product page's chunks were evaluated in one task when
 * its route loaded (over 70 ms on a fast machine, several times that on a phone), during which a
 * tap on the drawn page went unanswered. The list is in the order the build walked the imports,
 * each chunk before those it imports; taken backwards, a chunk's imports are mostly evaluated before
 * it, so each `import()` evaluates little besides the chunk itself. Evaluating a module early
 * changes nothing else: each runs once, and after the modules it imports, as it would have.
 */
export async function evaluateAnnouncedChunks(yieldToBrowser: () => Promise<void>): Promise<void> {
  const listed = document.querySelector<HTMLScriptElement>('script[data-preload]')?.dataset.preload;
  if (!listed) return;
  let turnEnds = performance.now() + TURN_MS;
  for (const chunk of listed.split(' ').filter(Boolean).reverse()) {
    await import(/* @vite-ignore */ chunk);
    if (performance.now() >= turnEnds) {
      await yieldToBrowser();
      turnEnds = performance.now() + TURN_MS;
    }
  }
}
