// Issue 42, STYLE.md rules 6 and 14, the web's half: a feature never reaches into another, and only
// app/ composes features. The rule it replaces matched import strings containing 'features/', so
// '../../referral/components/my-referrals' from inside features/account passed unseen, and business
// code shared by two features was parked in components/ui and lib to get past it. This one resolves
// each relative import against the importing file (a string operation: no file system, no types).
import path from 'node:path';

/**
 * What a file under the web's src/ belongs to: a feature (by name), app/, or the rest (components,
 * lib, test helpers, main.tsx).
 * @param {string} fromSrc path relative to src/, with forward slashes
 * @returns {{ kind: 'feature', name: string } | { kind: 'app' } | { kind: 'shared' }}
 */
function areaOf(fromSrc) {
  const [top, name] = fromSrc.split('/');
  if (top === 'features' && name) return { kind: 'feature', name };
  if (top === 'app') return { kind: 'app' };
  return { kind: 'shared' };
}

/** A feature's entry point: its folder itself or its index file, whatever the extension. */
const isEntryPoint = (/** @type {string} */ target, /** @type {string} */ feature) =>
  target === `features/${feature}` || /^index(\.[jt]sx?)?$/.test(target.slice(`features/${feature}/`.length));

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: "Keeps web features out of each other's internals and out of components/ui and lib",
    },
    schema: [
      {
        type: 'object',
        properties: {
          /** The web's src/ folder, relative to the directory ESLint runs in. */
          src: { type: 'string' },
          /** Features whose index.ts other features may import; nothing else of theirs. */
          entryPoints: { type: 'array', items: { type: 'string' }, uniqueItems: true },
        },
        required: ['src'],
        additionalProperties: false,
      },
    ],
    messages: {
      internals:
        "'{{source}}' reaches into features/{{feature}}: import what it offers others from its entry point, features/{{feature}}/index.ts (STYLE.md 6).",
      noEntryPoint:
        "'{{source}}' imports features/{{feature}}, which offers nothing to other features: a feature never imports another (STYLE.md 6). Compose them in app/, or give features/{{feature}} an index.ts and list it in eslint.config.js with the reason.",
      notComposer:
        "'{{source}}' imports features/{{feature}} from outside features and app/: components/ui and lib hold no business code (STYLE.md 14), and only app/ composes features.",
    },
  },
  create(context) {
    /** @type {unknown} ESLint types every rule's options as `any`; the schema above checked them. */
    const given = context.options[0];
    const options = /** @type {{ src: string, entryPoints?: string[] }} */ (given);
    const src = path.resolve(context.cwd, options.src);
    const entryPoints = new Set(options.entryPoints ?? []);
    const file = path.relative(src, context.filename).split(path.sep).join('/');
    if (file.startsWith('../') || path.isAbsolute(file)) return {};
    const from = areaOf(file);
    if (from.kind === 'app') return {};

    /** @param {import('estree').Node} node @param {unknown} source */
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source));
      const to = areaOf(target);
      if (to.kind !== 'feature') return;
      if (from.kind === 'feature' && from.name === to.name) return;
      const data = { source, feature: to.name };
      if (from.kind === 'shared') {
        context.report({ node, messageId: 'notComposer', data });
      } else if (!entryPoints.has(to.name)) {
        context.report({ node, messageId: 'noEntryPoint', data });
      } else if (!isEntryPoint(target, to.name)) {
        context.report({ node, messageId: 'internals', data });
      }
    };

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
