// The render's half of the short class names (model/class-names.ts): the table the client
// build wrote, and a page's class attributes renamed through it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClassNames } from '../../model/class-names.ts';
import { CLASS_NAMES_FILE } from '../client/class-names-plugin.ts';

/** The table a client build wrote; none (every name kept) for a folder without one. */
export function readClassNames(clientDir: string): ClassNames {
  const file = join(clientDir, CLASS_NAMES_FILE);
  return new Map(existsSync(file) ? Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : []);
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };
const decode = (s: string) => s.replace(/&(?:amp|quot|#x27|lt|gt);/g, (e) => ENTITIES[e]!);

/**
 * Each class attribute of a page renamed. React writes every attribute value escaped (no raw `<`, `>` or
 * `"` inside), so a start tag is `<name` up to the next `>`, and its class attribute is found within it;
 * text, scripts and styles are left alone. A class with no short name stays as written, unless it is one
 * of the short names, which would give it another class's rules: that is an error, named.
 */
export function renameClassAttributes(html: string, names: ClassNames): string {
  if (names.size === 0) return html;
  const shorts = new Set(names.values());
  return html.replace(/(<[a-zA-Z][\w-]*(?:\s[^<>]*?)?\sclass=")([^"]*)"/g, (_, tag: string, value: string) => {
    const renamed = value.replace(/\S+/g, (raw) => {
      const short = names.get(decode(raw));
      if (short) return short;
      if (shorts.has(raw)) throw new Error(`The class "${raw}" is written in a page, and it is also the short name of the class "${[...names].find(([, s]) => s === raw)![0]}": rename it (model/class-names.ts)`);
      return raw;
    });
    return `${tag}${renamed}"`;
  });
}
