// `local/type-errors`: TypeScript's own errors for each linted file, read from the program that the
// type-aware lint rules have already built and largely checked. CI ran `tsc` on every project as
// well, type-checking the same files a second time: 80 CPU-seconds of a run bound by CPU
// (issue 37). `npm run typecheck` still runs tsc itself.
import ts from 'typescript';

/** Programs whose own errors (options, missing global types) were already reported. */
const programsReported = new WeakSet();

/** @param {ts.Diagnostic} diagnostic */
const message = (diagnostic) =>
  `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;

/** @type {import('eslint').Rule.RuleModule} */
export const typeErrors = {
  meta: {
    type: 'problem',
    docs: { description: 'Reports the errors `tsc` would report for this file' },
    schema: [],
  },
  create(context) {
    /** @type {unknown} ESLint types every parser's services as `any`. */
    const services = context.sourceCode.parserServices;
    const program = /** @type {{ program?: ts.Program | null } | undefined} */ (services)?.program;
    if (!program) return {};
    return {
      'Program:exit'(node) {
        const file = program.getSourceFile(context.filename);
        if (!file) return;
        const found = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
        if (!programsReported.has(program)) {
          programsReported.add(program);
          found.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
        }
        for (const diagnostic of found) {
          if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
          if (diagnostic.file !== file || diagnostic.start === undefined) {
            context.report({ node, message: message(diagnostic) });
            continue;
          }
          const at = (/** @type {number} */ position) => {
            const { line, character } = file.getLineAndCharacterOfPosition(position);
            return { line: line + 1, column: character };
          };
          context.report({
            loc: { start: at(diagnostic.start), end: at(diagnostic.start + (diagnostic.length ?? 0)) },
            message: message(diagnostic),
          });
        }
      },
    };
  },
};
