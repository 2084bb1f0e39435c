// --help's text (generator/cli/args.ts): a command's description is wrapped at 100 characters line by
// line, and a line that starts with a space (a table of subcommands) is printed as written, so the
// reader sees the columns the command lays out.
import { describe, expect, it } from 'vitest';
import { helpText } from '../../generator/cli/args.ts';

describe('helpText', () => {
  it('wraps each line of the description alone and keeps an indented line as written', () => {
    const long = 'word '.repeat(30).trim();
    const text = helpText({
      usage: 'npm run x -- a | b',
      does: [`Does two things: ${long}`, '  a        the first,   in its column', '  b        the second', 'Then it stops.'].join('\n'),
      examples: ['npm run x -- a'],
    });
    const lines = text.split('\n');
    const body = lines.slice(2, lines.indexOf('options:') - 1);
    expect(body.every((l) => l.length <= 100)).toBe(true);
    expect(body.join(' ').startsWith(`Does two things: ${long}`)).toBe(true);
    expect(body).toContain('  a        the first,   in its column');
    expect(body).toContain('  b        the second');
    expect(body.at(-1)).toBe('Then it stops.');
  });
});
