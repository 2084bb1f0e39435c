// The registry covers every block schema (the compiler enforces the same through the Registry type),
// and the generated types are current.
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../generator/core/schemas.ts';
import { staleGeneratedFiles } from '../../generator/authoring/generate-types.ts';
import { registryBlocks } from '../../generator/store/code-graph.ts';
import { registry } from '../../runtime/registry.tsx';
import { projectRoot } from './fixture.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

describe('block registry', () => {
  it('has exactly one component for each block schema', () => {
    const { blockTypes } = loadSchemas(join(projectRoot, 'schemas'));
    expect(Object.keys(registry).sort()).toEqual([...blockTypes].sort());
    for (const type of blockTypes) expect(typeof registry[type as keyof typeof registry]).toBe('function');
  });

  it('keeps each block in the file named for it: runtime/blocks/<type>.tsx', () => {
    const { blockTypes } = loadSchemas(join(projectRoot, 'schemas'));
    const missing = blockTypes.filter((t) => !existsSync(join(projectRoot, 'runtime/blocks', `${t}.tsx`)));
    expect(missing).toEqual([]);
  });

  it('lists, as data read from its imports, exactly the block types it registers (the list the build checks)', () => {
    expect([...registryBlocks().keys()].sort()).toEqual(Object.keys(registry).sort());
  });

  it('generated types and section schema are current', async () => {
    expect(await staleGeneratedFiles(projectRoot)).toEqual([]);
  });
});
