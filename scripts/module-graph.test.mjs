import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cyclesOf, importChain, readModuleGraph } from './module-graph.mjs';

// Issue 42, STYLE.md rule 14: no import cycles between API modules. The last one from before the
// rule (contributions, mentions, posts, queries, search) was broken (decision 073); the lint refuses
// an import that closes a new one (api/no-module-cycle), and this reads the whole graph as well.
const modulesDir = fileURLToPath(new URL('../apps/api/src/modules', import.meta.url));

describe('the API modules', () => {
  it('import each other without cycles', () => {
    expect(cyclesOf(readModuleGraph(modulesDir))).toEqual([]);
  });
});

describe('the module graph', () => {
  /** @type {import('./module-graph.mjs').ModuleGraph} */
  const graph = new Map([
    ['a', new Set(['b'])],
    ['b', new Set(['c'])],
    ['c', new Set(['a', 'e'])],
    ['d', new Set(['a'])],
    ['e', new Set()],
  ]);

  it('finds a cycle when there is one', () => {
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('names the shortest chain of imports from one module to another, or none', () => {
    expect(importChain(graph, 'b', 'a')).toEqual(['b', 'c', 'a']);
    expect(importChain(graph, 'd', 'e')).toEqual(['d', 'a', 'b', 'c', 'e']);
    expect(importChain(graph, 'a', 'd')).toBeNull();
    expect(importChain(graph, 'e', 'a')).toBeNull();
  });
});
