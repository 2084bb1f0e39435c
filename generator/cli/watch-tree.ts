// A folder watched with everything under it, for `npm run dev`. Node 20's recursive fs.watch on Linux
// reads each new folder as it appears; a folder deleted in between makes it emit 'error' (ENOENT,
// scandir of the folder just gone), and an 'error' nobody listens to ends the process. Here the
// watcher keeps going (the folders that remain are still watched) and the change is reported like
// any other, so the next compile reads the tree as it now is.
import { watch, type FSWatcher } from 'node:fs';

export function watchTree(dir: string, onChange: (name: string | undefined) => void, log: (line: string) => void = console.error): FSWatcher {
  const watcher = watch(dir, { recursive: true }, (_event, name) => onChange(name?.toString()));
  watcher.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') log(`watching ${dir}: ${e.message}`);
    onChange(undefined);
  });
  return watcher;
}
