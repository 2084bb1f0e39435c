// `npm run dev`'s watcher of pages/ and schemas/ (generator/cli/watch-tree.ts): Node 20's recursive
// fs.watch reports a folder deleted while it reads it as an 'error' (ENOENT, scandir), which used to end
// the dev server. The watcher takes it as a change and keeps reporting the folders that remain.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchTree } from '../../generator/cli/watch-tree.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  return check();
};

describe('the dev server watching pages/', () => {
  it("takes Node's ENOENT for a folder deleted under it as a change, and keeps watching", async () => {
    dir = mkdtempSync(join(tmpdir(), 'watch-tree-'));
    const seen: (string | undefined)[] = [];
    const logged: string[] = [];
    const watcher = watchTree(dir, (name) => seen.push(name), (line) => logged.push(line));
    try {
      // What Node 20 emits when a folder it was about to read is gone (lib/internal/fs/recursive_watch.js).
      const gone = Object.assign(new Error(`ENOENT: no such file or directory, scandir '${dir}/a/b'`), { code: 'ENOENT', syscall: 'scandir' });
      expect(() => watcher.emit('error', gone)).not.toThrow();
      expect(seen).toEqual([undefined]);
      expect(logged).toEqual([]);
      // Nested folders made and deleted as fast as the disk allows, then a page saved: still reported.
      for (let i = 0; i < 50; i++) {
        mkdirSync(join(dir, 'a/b/c'), { recursive: true });
        writeFileSync(join(dir, 'a/b/c/page.yaml'), 'title: x\n');
        rmSync(join(dir, 'a'), { recursive: true, force: true });
      }
      writeFileSync(join(dir, 'after.yaml'), 'title: y\n');
      expect(await until(() => seen.includes('after.yaml'))).toBe(true);
    } finally {
      watcher.close();
    }
  });
});
