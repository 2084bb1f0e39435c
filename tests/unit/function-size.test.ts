// The project's size rule (STYLE.md, issue 39): no function over 80 lines in generator/, studio/ and
// runtime/, and none with more than 6 useState calls, generated files (*.generated.*) aside. Functions
// are found with oxc's parser (the compiler the build uses), never by a pattern over the text; a
// function's length runs from its first line to its last, and its useState calls are counted in its own
// text (nested functions included, as they share its state).
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
  new Visitor({
    FunctionDeclaration(n) {
      check(n, n.id?.name ?? '(default export)');
    },
    VariableDeclarator(n) {
      if (isFunction(n.init)) check(n.init, n.id.type === 'Identifier' ? n.id.name : '(destructured)');
    },
    MethodDefinition(n) {
      check(n, keyName(n.key as never));
    },
    Property(n) {
      if (isFunction(n.value)) check(n.value, keyName(n.key as never));
    },
    PropertyDefinition(n) {
      if (isFunction(n.value)) check(n.value, keyName(n.key as never));
    },
  }).visit(program);
  return found;
}

describe('function size', () => {
  it('no function in generator/, studio/ or runtime/ is over 80 lines or has more than 6 useState', () => {
    const files = modulesUnder(['generator', 'studio', 'runtime']).filter((f) => !f.includes('.generated.'));
    expect(files.length).toBeGreaterThan(50);
    const over = files.flatMap((f) => oversizedFunctions(f, readFileSync(join(projectRoot, f), 'utf8')));
    expect(over, `Split these into smaller named pieces:\n${over.join('\n')}`).toEqual([]);
  });

  it('names the file, line, function and size of a long function, and of one with too many useState', () => {
    const long = (name: string, lines: number) => `export function ${name}() {\n${'  work();\n'.repeat(lines - 2)}}`;
    const source = [
      'const before = 1;',
      long('fits', 80),
      long('tooLong', 81),
      `export const Form = () => {\n${Array.from({ length: 7 }, (_, i) => `  const [v${i}] = useState(${i});`).join('\n')}\n  return null;\n};`,
      'class Job {\n  run() {\n' + '    work();\n'.repeat(80) + '  }\n}',
    ].join('\n');
    expect(oversizedFunctions('sample.tsx', source)).toEqual([
      'sample.tsx:82 tooLong: 81 lines, 0 useState',
      'sample.tsx:163 Form: 10 lines, 7 useState',
      'sample.tsx:174 run: 82 lines, 0 useState',
    ]);
  });
});
