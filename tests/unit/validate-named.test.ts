// `npm run validate -- <file>` (a pre-commit hook) reports the named file's own problems. A schema
// error that leaves a product's page out used to be reported with its consequence in another file too
// (site.config.yaml: "no page has the route"); the site-wide errors still show once the file is valid.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';

let dir = '';
const validate = (...files: string[]) =>
  spawnSync(process.execPath, [...TSX_LOADER, 'generator/cli/validate.ts', ...files], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_STANDIN: '1' } });

beforeAll(() => {
  dir = copyProject('validate-named-', 'blog-site');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run validate -- <file>', () => {
  it("reports only the named file's own error, not what it causes in another file", () => {
    // A product's page, from the catalogue, given a schema error (its title a list).
    const config = parse(readFileSync(join(dir, 'site.config.yaml'), 'utf8')) as { products: { route: string }[] };
    const route = config.products.map((p) => p.route).find((r) => r !== '/' && existsSync(join(dir, `pages${r}.yaml`)))!;
    const file = `pages${route}.yaml`;
    const text = readFileSync(join(dir, file), 'utf8');
    writeFileSync(join(dir, file), text.replace(/^title: .*$/m, 'title:\n  - "A list"'));
    const whole = validate();
    expect(whole.status).toBe(1);
    expect(whole.stderr).toContain(`${file}:`);
    // The whole site's run says the consequence too (the product's page is missing)…
    expect(whole.stderr).toContain('site.config.yaml:');
    const named = validate(file);
    expect(named.status).toBe(1);
    expect(named.stderr).toMatch(new RegExp(`${file.replace(/[.]/g, '\\.')}:\\d+:\\d+ title: must be string, got a list`));
    // …the named file's run only its own.
    expect(named.stderr).not.toContain('site.config.yaml:');
    writeFileSync(join(dir, file), text);
  }, 120_000);
});
