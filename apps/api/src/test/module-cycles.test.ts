import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 42, STYLE.md rule 14: no import cycles between API modules. The module graph is read from
// the sources (an import of `../<module>/…` from a file of another module is an edge; tests and test
// helpers set up data anywhere and do not count), and its strongly connected components are the
// cycles. The last one from before the rule was broken (decision 073); any new one fails.
const KNOWN_CYCLES: string[][] = [];

const modulesDir = path.join(import.meta.dirname, '..', 'modules');

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const module of fs.readdirSync(modulesDir)) {
    const edges = new Set<string>();
    graph.set(module, edges);
    const files = fs.readdirSync(path.join(modulesDir, module), { recursive: true, encoding: 'utf8' });
    for (const file of files) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.endsWith('-test-helpers.ts')) continue;
      const source = fs.readFileSync(path.join(modulesDir, module, file), 'utf8');
      for (const [, target] of source.matchAll(/(?:from|import\()\s*'\.\.\/([a-z-]+)\//g)) {
        if (target && target !== module) edges.add(target);
      }
    }
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one module, each sorted. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe('the API modules', () => {
  it('import each other without cycles', () => {
    expect(cyclesOf(moduleGraph())).toEqual(KNOWN_CYCLES);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']]);
  });
});
