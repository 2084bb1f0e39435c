// A block is a schema and a component with one name. One without the other stops build and validate
// with a located message naming the block, never a stack trace from inside React.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { blockComponents } from '../../runtime/render/render-page.tsx';
import { copyProject, makeFixture, VALID_INDEX } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';

const ORPHAN = { $schema: 'https://json-schema.org/draft/2020-12/schema', title: 'OrphanBlock', type: 'object', additionalProperties: false, required: ['type'], properties: { type: { const: 'orphan' } }, examples: [{ type: 'orphan' }] };

let dir = '';
beforeAll(() => {
  dir = copyProject('orphan-block-');
  writeFileSync(join(dir, 'schemas/blocks/orphan.schema.json'), JSON.stringify(ORPHAN, null, 2));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (script: string) =>
  spawnSync(process.execPath, [...TSX_LOADER, script], { cwd: dir, encoding: 'utf8', env: { ...process.env, OUT_DIR: join(dir, 'out'), NO_STANDIN: '1' } });

describe('block completeness', () => {
  it.each(['generator/cli/build.ts', 'generator/cli/validate.ts'])('%s stops on a block schema with no component, naming it', (script) => {
    const r = run(script);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('schemas/blocks/orphan.schema.json:1:1 block "orphan" has a schema but no component in runtime/registry.tsx');
    expect(r.stderr).toContain('Block has no component');
    expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });

  it('reports a registered component whose schema is gone', () => {
    const r = compileSite(makeFixture({ 'index.yaml': VALID_INDEX }), { components: [...blockComponents, 'vanished'] });
    expect(r.diagnostics.map((d) => [d.name, d.file, d.message])).toEqual([['ComponentWithoutSchema', 'runtime/registry.tsx', 'block "vanished" is registered in runtime/registry.tsx but has no schemas/blocks/vanished.schema.json']]);
  });
});
