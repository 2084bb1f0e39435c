// The project's size rule (STYLE.md, issues 39 and 50): no function over 80 lines in the project's code
// (generator/, studio/, runtime/, model/, supabase/, scripts/), and none with more than 6 useState
// calls, generated files (*.generated.*) aside. Every function counts, wherever it stands: declarations,
// methods, and function expressions and arrows, those passed as arguments included (a CLI's body given
// to `runCli`, a callback). Functions are found with oxc's parser (the compiler the build uses), never
// by a pattern over the text; a function's length runs from its first line to its last, and its useState
// calls are counted in its own text (nested functions included, as they share its state).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as Oxc from 'rolldown/utils';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './fixture.ts';
import { modulesUnder } from './module-imports.ts';

const { parseSync, Visitor } = createRequire(import.meta.url)('rolldown/utils') as typeof Oxc;

const MAX_LINES = 80;
const MAX_USE_STATE = 6;
const CODE_FOLDERS = ['generator', 'studio', 'runtime', 'model', 'supabase', 'scripts'];

interface Span {
  start: number;
  end: number;
}

/** Each function in `source` over the limits, as `file:line name: N lines, M useState`. */
export function oversizedFunctions(file: string, source: string): string[] {
  const { program, errors } = parseSync(file, source, { lang: file.endsWith('x') ? 'tsx' : 'ts', sourceType: 'module' });
  if (errors.length) throw new Error(`${file} does not parse: ${errors[0]!.message}`);
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  const found: string[] = [];
  const check = (node: Span, name: string) => {
    const lines = lineOf(node.end) - lineOf(node.start) + 1;
    const useStates = source.slice(node.start, node.end).match(/\buseState\b/g)?.length ?? 0;
    if (lines > MAX_LINES || useStates > MAX_USE_STATE) found.push(`${file}:${lineOf(node.start)} ${name}: ${lines} lines, ${useStates} useState`);
  };
  const isFunction = (node: { type: string } | null | undefined): node is { type: string } & Span =>
    !!node && (node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression');
  const keyName = (key: { type: string; name?: string; value?: unknown }) => key.name ?? String(key.value ?? '(computed)');
  // A function expression is named by where it stands, recorded when its parent is visited (before it):
  // a variable, a property, a method (measured from its key, so skipped here), or a call's argument.
  const names = new Map<number, string | null>();
  const nameArguments = (n: { callee: Span; arguments: ({ type: string } & Span)[] }) => {
    const callee = source.slice(n.callee.start, n.callee.end).replace(/\s+/g, ' ');
    const first = n.arguments[0] as { type: string; value?: unknown } | undefined;
    const label = first?.type === 'Literal' && typeof first.value === 'string' ? `${callee}('${first.value}')` : `${callee}()`;
    for (const arg of n.arguments) if (isFunction(arg)) names.set(arg.start, `callback of ${label}`);
  };
  const expression = (n: Span) => {
    const name = names.get(n.start);
    if (name !== null) check(n, name ?? '(anonymous function)');
  };
  new Visitor({
    FunctionDeclaration(n) {
      check(n, n.id?.name ?? '(default export)');
    },
    VariableDeclarator(n) {
      if (isFunction(n.init)) names.set(n.init.start, n.id.type === 'Identifier' ? n.id.name : '(destructured)');
    },
    MethodDefinition(n) {
      check(n, keyName(n.key as never));
      names.set(n.value.start, null);
    },
    Property(n) {
      if (isFunction(n.value)) names.set(n.value.start, keyName(n.key as never));
    },
    PropertyDefinition(n) {
      if (isFunction(n.value)) names.set(n.value.start, keyName(n.key as never));
    },
    CallExpression: nameArguments as never,
    NewExpression: nameArguments as never,
    FunctionExpression: expression,
    ArrowFunctionExpression: expression,
  }).visit(program);
  return found;
}

describe('function size', () => {
  it('no function in the project\'s code is over 80 lines or has more than 6 useState', () => {
    const files = modulesUnder(CODE_FOLDERS).filter((f) => !f.includes('.generated.'));
    for (const folder of CODE_FOLDERS) expect(files.some((f) => f.startsWith(`${folder}/`)), folder).toBe(true);
    expect(files.length).toBeGreaterThan(50);
    const over = files.flatMap((f) => oversizedFunctions(f, readFileSync(join(projectRoot, f), 'utf8')));
    expect(over, `Split these into smaller named pieces:\n${over.join('\n')}`).toEqual([]);
  });

  it('names the file, line, function and size of a long function or callback, and of one with too many useState', () => {
    const long = (name: string, lines: number) => `export function ${name}() {\n${'  work();\n'.repeat(lines - 2)}}`;
    const source = [
      'const before = 1;',
      long('fits', 80),
      long('tooLong', 81),
      `export const Form = () => {\n${Array.from({ length: 7 }, (_, i) => `  const [v${i}] = useState(${i});`).join('\n')}\n  return null;\n};`,
      'class Job {\n  run() {\n' + '    work();\n'.repeat(80) + '  }\n}',
      `runCli('bench', async () => {\n${'  work();\n'.repeat(79)}});`,
      `items.map(function (item) {\n${'  work(item);\n'.repeat(79)}});`,
      `button.addEventListener('click', () => {\n${'  work();\n'.repeat(78)}});`,
    ].join('\n');
    expect(oversizedFunctions('sample.tsx', source)).toEqual([
      'sample.tsx:82 tooLong: 81 lines, 0 useState',
      'sample.tsx:163 Form: 10 lines, 7 useState',
      'sample.tsx:174 run: 82 lines, 0 useState',
      "sample.tsx:257 callback of runCli('bench'): 81 lines, 0 useState",
      'sample.tsx:338 callback of items.map(): 81 lines, 0 useState',
    ]);
  });
});
