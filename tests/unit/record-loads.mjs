// Records every file Node loads into the process (as `--import` after tsx), one address a line, into
// the file named by RECORD_LOADS: what code-graph.test.ts compares with the import graph.
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (r.url.startsWith('file:') && !r.url.includes('/node_modules/')) appendFileSync(${JSON.stringify(process.env.RECORD_LOADS)}, r.url + '\\n');
  return r;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
