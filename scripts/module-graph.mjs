// Issue 42, STYLE.md rule 14: the import graph of the API modules, read the cheap way (a regex over
// each file's text: no parser, no types), for the lint rule that refuses a cycle
// (eslint-module-boundaries.mjs) and for its test. An import of `../<module>/…` from a file of
// another module is an edge; tests and test helpers set up their data anywhere and do not count.
import fs from 'node:fs';
import path from 'node:path';

/** @typedef {Map<string, Set<string>>} ModuleGraph Each module and the modules it imports. */

/** `from '../<module>/…'` and `import('../<module>/…')`, as Prettier writes them (single quotes). */
const CROSS_MODULE_IMPORT = /(?:from|import\()\s*'\.\.\/([a-z-]+)\//g;

/** @param {string} file */
export const isTestFile = (file) => file.endsWith('.test.ts') || file.endsWith('-test-helpers.ts');

/**
 * The module an import specifier of a module's file reaches, or undefined for anything else.
 * @param {string} specifier
 */
export const importedModule = (specifier) => /^\.\.\/([a-z-]+)\//.exec(specifier)?.[1];

/**
 * Reads the graph from the sources: each directory of `modulesDir` is a module.
 * @param {string} modulesDir
 * @returns {ModuleGraph}
 */
export function readModuleGraph(modulesDir) {
  /** @type {ModuleGraph} */
  const graph = new Map();
  for (const entry of fs.readdirSync(modulesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const module = entry.name;
    /** @type {Set<string>} */
    const edges = new Set();
    graph.set(module, edges);
    const files = fs.readdirSync(path.join(modulesDir, module), { recursive: true, encoding: 'utf8' });
    for (const file of files) {
      if (!file.endsWith('.ts') || isTestFile(file)) continue;
      const source = fs.readFileSync(path.join(modulesDir, module, file), 'utf8');
      for (const [, target] of source.matchAll(CROSS_MODULE_IMPORT)) {
        if (target && target !== module) edges.add(target);
      }
    }
  }
  return graph;
}

/**
 * A shortest chain of imports from one module to another (both included), or null when there is
 * none: with `to` importing `from`, it is the cycle that import closes.
 * @param {ModuleGraph} graph
 * @param {string} from
 * @param {string} to
 * @returns {string[] | null}
 */
export function importChain(graph, from, to) {
  /** @type {Map<string, string | null>} each module reached, and the one it was reached from */
  const cameFrom = new Map([[from, null]]);
  for (const queue = [from]; queue.length > 0;) {
    const module = /** @type {string} */ (queue.shift());
    if (module === to) {
      const chain = [];
      for (let m = /** @type {string | null | undefined} */ (to); m; m = cameFrom.get(m)) chain.unshift(m);
      return chain;
    }
    for (const next of graph.get(module) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, module);
      queue.push(next);
    }
  }
  return null;
}

/**
 * The cycles: Tarjan's strongly connected components of more than one module, each sorted.
 * @param {ModuleGraph} graph
 * @returns {string[][]}
 */
export function cyclesOf(graph) {
  /** @type {Map<string, number>} */
  const index = new Map();
  /** @type {Map<string, number>} */
  const low = new Map();
  /** @type {string[]} */
  const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */
  const found = [];
  /** @param {string} v */
  const visit = (v) => {
    const own = index.size;
    index.set(v, own);
    low.set(v, own);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(Number(low.get(v)), Number(low.get(w))));
      } else if (onStack.has(w)) low.set(v, Math.min(Number(low.get(v)), Number(index.get(w))));
    }
    if (low.get(v) !== own) return;
    const component = [];
    for (let w = stack.pop(); w !== undefined; w = stack.pop()) {
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}
