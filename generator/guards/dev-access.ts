// Who and what `npm run dev` serves. The dev server may listen beyond this machine (HOST=0.0.0.0, to
// try the site on a phone), but what writes files or runs programs (the studio, Vite's
// __open-in-editor) answers this machine only, and Vite serves only the folders the pages load from.
import type { IncomingMessage } from 'node:http';
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { isIP } from 'node:net';

/**
 * Whether the request came from this machine, by the socket's remote address: headers (Host, Origin,
 * X-Forwarded-For) are whatever the client wrote.
 */
export function isLoopback(req: IncomingMessage): boolean {
  return isLoopbackAddress(req.socket.remoteAddress);
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.split('.')[0] === '127';
  return address === '::1';
}

/**
 * Vite's `server.fs`: the folders the browser loads code, styles and files from, and nothing else
 * (not site.config.yaml's neighbours, `.data/` with the local database, `supabase/local/` with its
 * keys, `.env`, `.git`). A dot folder is refused wherever these rules apply, but for Vite's own
 * `node_modules/.vite` (its prebundled dependencies).
 * `public/` is the exception: it is what the site publishes. Its files are served at the site's root by
 * Vite's public-folder middleware, which does not apply `deny`, so every file in it is served, a dot
 * file or folder (`public/.env`, `public/.hidden/x`) included, as the build copies all of it to dist/.
 * Nothing private belongs in public/. It is in `allow` too, for code and styles that import from it.
 */
export function devFiles(root: string): { strict: true; allow: string[]; deny: string[] } {
  return {
    strict: true,
    // Real paths: Vite compares a module's real path (node_modules may be a link, as in the tests' copies).
    allow: ['runtime', 'model', 'studio', 'public', 'node_modules'].map((dir) => join(root, dir)).filter(existsSync).map((dir) => realpathSync(dir)),
    deny: [
      // Vite's defaults, which a `deny` of our own replaces.
      '.env',
      '.env.*',
      '*.{crt,pem,key,p12,pfx,cer,der}',
      '.npmrc',
      '.yarnrc.yml',
      '**/.git/**',
      // Every dot folder but Vite's dependency cache, and the stand-in's data and keys by name.
      '**/.!(vite)/**',
      '**/.data/**',
      '**/supabase/local/**',
    ],
  };
}
