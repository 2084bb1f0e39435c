// A command of the project run as a child in one Node process, with tsx as Node's loader: tsx's own
// CLI starts a second Node to run it, about 0.2 s of CPU more for every child a test spawns.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from './fixture.ts';

/** Node's arguments before the script: `spawn(process.execPath, [...TSX_LOADER, script, ...args])`. */
export const TSX_LOADER = ['--import', pathToFileURL(join(projectRoot, 'node_modules/tsx/dist/loader.mjs')).href];
