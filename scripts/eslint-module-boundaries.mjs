// Issue 42, STYLE.md rule 14: an API module reaches another only through what that module exports
// for others (a file of its own such as posts/post-reads.ts) or its events, never its repository; and
// no import between modules closes a cycle. Both are read without types: the repository rule is a
// pattern on the import string, the cycle rule a graph of the modules' imports read once per lint
// process by a regex over their files (module-graph.mjs), so together they add little to the lint.
import path from 'node:path';
import { importChain, importedModule, readModuleGraph } from './module-graph.mjs';

/**
 * Graphs read in this process, by modules directory: read at the first file linted, then kept.
 * @type {Map<string, import('./module-graph.mjs').ModuleGraph>}
 */
const graphs = new Map();

/** @param {string} modulesDir */
function graphOf(modulesDir) {
  let graph = graphs.get(modulesDir);
  if (!graph) {
    graph = readModuleGraph(modulesDir);
    graphs.set(modulesDir, graph);
  }
  return graph;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuses an import of another API module that imports this one, directly or not' },
    schema: [
      {
        type: 'object',
        properties: {
          /** The API's modules folder, relative to the directory ESLint runs in. */
          modulesDir: { type: 'string' },
        },
        required: ['modulesDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        "'{{source}}' closes a cycle between API modules ({{cycle}}): modules import each other one way only (STYLE.md 14). Have app.ts pass the function in, or record an event the other module reacts to (decision 073).",
    },
  },
  create(context) {
    /** @type {unknown} ESLint types every rule's options as `any`; the schema above checked them. */
    const given = context.options[0];
    const modulesDir = path.resolve(context.cwd, /** @type {{ modulesDir: string }} */ (given).modulesDir);
    const [module, ...rest] = path.relative(modulesDir, context.filename).split(path.sep);
    if (!module || module === '..' || path.isAbsolute(module) || rest.length === 0) return {};

    /** @param {import('estree').Node} node @param {unknown} source */
    const check = (node, source) => {
      const target = typeof source === 'string' ? importedModule(source) : undefined;
      if (!target || target === module) return;
      const back = importChain(graphOf(modulesDir), target, module);
      if (back)
        context.report({ node, messageId: 'cycle', data: { source, cycle: [module, ...back].join(' → ') } });
    };

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

/**
 * The ESLint config block that keeps the API modules' repositories their own and their imports free
 * of cycles.
 * @type {import('eslint').Linter.Config}
 */
export const moduleBoundaries = {
  files: ['apps/api/src/modules/**/*.ts'],
  // Tests set up their data through any repository, and import any module to do so.
  ignores: ['**/*.test.ts', '**/*-test-helpers.ts'],
  plugins: { api: { rules: { 'no-module-cycle': noModuleCycle } } },
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^\\.\\./[^/]+/[^/]+\\.repository(\\.js)?$',
            message:
              "A module never imports another module's repository (STYLE.md 14): import what the owning module exports for others, or react to its events.",
          },
        ],
      },
    ],
    'api/no-module-cycle': ['error', { modulesDir: 'apps/api/src/modules' }],
  },
};
