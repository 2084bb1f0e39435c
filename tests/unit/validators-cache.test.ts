// The compiled validators are kept in the build cache by the schemas they are made from
// (generator/core/schema-compile.ts). A kept set must be the one a fresh compile makes, and an edited schema must never
// be checked by the validators of the schema before it.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadSchemas } from '../../generator/core/schemas.ts';
import { copyProject, VALID_INDEX } from './fixture.ts';

const dir = copyProject('validators-');
const cacheDir = join(dir, '.validators-cache');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const page = () => parse(VALID_INDEX) as Record<string, unknown>;
const sets = () => (existsSync(join(cacheDir, 'validators')) ? readdirSync(join(cacheDir, 'validators')) : []);

describe('compiled validators', () => {
  it('are kept, and a kept set validates as a fresh compile does', () => {
    const fresh = loadSchemas(join(dir, 'schemas'), undefined);
    const first = loadSchemas(join(dir, 'schemas'), cacheDir);
    const broken = { ...page(), sections: [{ type: 'heading', text: 42 }, { type: 'hedaing' }] };
    const results = [fresh, first].map((s) => {
      const data = structuredClone(broken);
      return JSON.stringify([s.validatePage(data), s.validatePage.errors, s.validatePage.fields, data]);
    });
    expect(sets()).toHaveLength(1);
    const kept = loadSchemas(join(dir, 'schemas'), cacheDir);
    const data = structuredClone(broken);
    results.push(JSON.stringify([kept.validatePage(data), kept.validatePage.errors, kept.validatePage.fields, data]));
    expect(sets()).toHaveLength(1);
    expect(new Set(results).size).toBe(1);
    expect(results[0]).toContain('must be string');
  });

  it('follow an edited schema', () => {
    const before = loadSchemas(join(dir, 'schemas'), cacheDir);
    const valid = page();
    expect(before.validatePage(valid)).toBe(true);
    const file = join(dir, 'schemas/page.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8')) as { required: string[]; properties: Record<string, unknown> };
    schema.properties.owner = { type: 'string' };
    schema.required = [...schema.required, 'owner'];
    writeFileSync(file, JSON.stringify(schema, null, 2));
    const after = loadSchemas(join(dir, 'schemas'), cacheDir);
    expect(after.validatePage(page())).toBe(false);
    expect(after.validatePage.errors?.map((e) => e.message)).toContain("must have required property 'owner'");
    expect(sets()).toHaveLength(2);
  });
});
