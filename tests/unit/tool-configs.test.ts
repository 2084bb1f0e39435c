// The config files the client build's tools find on their own are inputs of its key
// (generator/client/tool-configs.ts): each one added, edited or deleted changes the digest, in the root
// or, for those searched upwards, in a parent folder; files no tool reads leave it alone.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toolConfigsDigest } from '../../generator/client/tool-configs.ts';

const parent = mkdtempSync(join(tmpdir(), 'tool-configs-'));
const root = join(parent, 'site');
mkdirSync(root);
writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('the client build key', () => {
  it('changes with each config file a tool finds on its own, added, edited and deleted', () => {
    const files = [
      'postcss.config.js',
      'postcss.config.cjs',
      '.postcssrc.json',
      '.browserslistrc',
      'browserslist',
      'tailwind.config.ts',
      'tsconfig.json',
      'tsconfig.app.json',
      '.env',
      '.env.local',
      '.env.production',
      '../postcss.config.mjs',
      '../.browserslistrc',
    ];
    for (const file of files) {
      const before = toolConfigsDigest(root);
      writeFileSync(join(root, file), 'export default {};\n');
      const added = toolConfigsDigest(root);
      expect(added, `${file} added`).not.toBe(before);
      writeFileSync(join(root, file), 'export default { plugins: [] };\n');
      expect(toolConfigsDigest(root), `${file} edited`).not.toBe(added);
      rmSync(join(root, file));
      expect(toolConfigsDigest(root), `${file} deleted`).toBe(before);
    }
  });

  it("changes with the root's package.json, and with a parent's postcss or browserslist field only", () => {
    const before = toolConfigsDigest(root);
    writeFileSync(join(root, 'package.json'), '{ "type": "module", "browserslist": ["defaults"] }\n');
    expect(toolConfigsDigest(root)).not.toBe(before);
    writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(join(parent, 'package.json'), '{ "name": "outer" }\n');
    const outer = toolConfigsDigest(root);
    writeFileSync(join(parent, 'package.json'), '{ "name": "renamed" }\n');
    expect(toolConfigsDigest(root)).toBe(outer);
    writeFileSync(join(parent, 'package.json'), '{ "name": "renamed", "postcss": { "plugins": {} } }\n');
    expect(toolConfigsDigest(root)).not.toBe(outer);
  });

  it('is not changed by files no tool reads', () => {
    const before = toolConfigsDigest(root);
    writeFileSync(join(root, 'notes.txt'), 'postcss\n');
    writeFileSync(join(root, 'postcss.config.js.bak'), 'x\n');
    expect(toolConfigsDigest(root)).toBe(before);
  });
});
