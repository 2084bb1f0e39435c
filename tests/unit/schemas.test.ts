// Editors show a field's title and description from the schemas: every field must have a title.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../generator/store/files.ts';
import { projectRoot } from './fixture.ts';

type Schema = { title?: string; $ref?: string; properties?: Record<string, Schema>; items?: Schema; $defs?: Record<string, Schema> };

function untitled(schema: Schema, at: string, out: string[]): void {
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (!prop.title && !prop.$ref) out.push(`${at}.${name}`);
    untitled(prop, `${at}.${name}`, out);
    if (prop.items) untitled(prop.items, `${at}.${name}[]`, out);
  }
  for (const [name, def] of Object.entries(schema.$defs ?? {})) untitled(def, `${at}.$defs.${name}`, out);
}

describe('schemas', () => {
  it('give every field a title (a $ref borrows the title of its definition)', () => {
    const files = listFiles(join(projectRoot, 'schemas'), (n) => n.endsWith('.schema.json'));
    expect(files.length).toBeGreaterThan(25);
    const missing: string[] = [];
    for (const f of files) untitled(JSON.parse(readFileSync(f, 'utf8')) as Schema, relative(projectRoot, f), missing);
    expect(missing).toEqual([]);
  });
});
