// `npm run new` writes starters that validate as written, on a copy of the whole project.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/compile.ts';
import { copyProject, errorsOf, projectRoot } from './fixture.ts';

let dir = '';
beforeAll(() => {
  dir = copyProject('starters-');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const runNew = (...args: string[]) => spawnSync(process.execPath, [join(projectRoot, 'node_modules/tsx/dist/cli.mjs'), 'generator/cli/new.ts', ...args], { cwd: dir, encoding: 'utf8' });

describe('npm run new', () => {
  it('writes an article that teaches the markdown block and validates as written', () => {
    const r = runNew('article', 'a-fresh-article');
    expect(r.status, r.stderr).toBe(0);
    const text = readFileSync(join(dir, 'pages/blog/a-fresh-article.yaml'), 'utf8');
    expect(text).toContain('type: markdown');
    expect(text).toContain('text: |');
    const compiled = compileSite(dir);
    expect(errorsOf(compiled.diagnostics)).toEqual([]);
    const page = compiled.site!.pages.find((p) => p.route === '/blog/a-fresh-article')!;
    expect(page.sections.map((s) => s.type)).toEqual(['article-header', 'markdown', 'callout', 'cta', 'article-footer']);
  });

  it('writes a page that validates as written', () => {
    expect(runNew('page', 'a-fresh-page').status).toBe(0);
    expect(errorsOf(compileSite(dir).diagnostics)).toEqual([]);
  });
});
