// Grows a throwaway copy of the project to N articles for the bench: the real articles stay, and copies
// of them fill the rest under new slugs. Copies keep their text, so read times stay honest; they are
// never featured (a site has exactly one featured article). Their repeated paragraphs are warnings.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the build (and the tools it runs) keep under node_modules between builds: the build cache
 * (.cache/site-build, compiled validators, images and the import memo included), anything
 * else a tool puts in .cache, and Vite's caches. A copy gets its own, so emptying them never touches
 * the project's.
 */
export const MODULE_CACHES = ['.cache', '.vite', '.vite-temp'];

/** The project's parts a build reads (as tests/unit/fixture.ts copies them). */
export const PROJECT_PARTS = ['pages', 'newsletters', 'schemas', 'runtime', 'generator', 'model', 'pdf', 'public', 'content', 'supabase', 'site.config.yaml', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];

export const BLOG_DIR = 'pages/blog';

/** The article files of a project: every blog YAML but the index. */
export function articleFiles(root: string): string[] {
  return readdirSync(join(root, BLOG_DIR))
    .filter((f) => /\.ya?ml$/.test(f) && !/^index\.ya?ml$/.test(f))
    .sort();
}

/** Strings of this many words or more are marked as a copy's (the repeated-paragraph check counts 12). */
const MARK_MIN_WORDS = 12;

/**
 * A copy of an article under a new slug, not featured. Its long strings end with a mark joined to the
 * last word (`…phone.·3`), so the word count and the read time stay the same while paragraphs are no
 * longer repeats: a grown site then reads like a real one, not like 37,000 repeated-paragraph warnings.
 */
export function copyOfArticle(text: string, copy: number): string {
  return text.replace(/^(\s+)featured:\s*true\s*$/m, '$1featured: false').replace(/"((?:[^"\\\n]|\\.)*)"/g, (whole, inner: string) => (inner.trim().split(/\s+/).length >= MARK_MIN_WORDS ? `"${inner}·${copy}"` : whole));
}

/**
 * Copies the project to `dir` and grows its blog to `articles` articles. Copied anew each time, so the
 * copy runs today's code. Its node_modules is a folder of links to the project's packages (nothing is
 * installed), less the caches (MODULE_CACHES), which are the copy's own.
 */
export function growProject(root: string, dir: string, articles: number): { dir: string; articles: number; copies: number } {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const part of PROJECT_PARTS) if (existsSync(join(root, part))) cpSync(join(root, part), join(dir, part), { recursive: true });
  linkModules(root, dir, MODULE_CACHES);
  const real = articleFiles(root);
  if (!real.length) throw new Error(`${BLOG_DIR} holds no articles to copy`);
  const copies = Math.max(0, articles - real.length);
  for (let i = 0; i < copies; i++) {
    const source = real[i % real.length]!;
    const slug = source.replace(/\.ya?ml$/, '');
    const text = readFileSync(join(root, BLOG_DIR, source), 'utf8');
    const copy = Math.floor(i / real.length) + 1;
    writeFileSync(join(dir, BLOG_DIR, `${slug}-copy-${copy}.yaml`), copyOfArticle(text, copy));
  }
  return { dir, articles: real.length + copies, copies };
}

/** `dir`'s node_modules: a folder of links to each entry of `root`'s, less `own` (the copy's own caches). */
export function linkModules(root: string, dir: string, own: readonly string[]): void {
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(root, 'node_modules'))) if (!own.includes(name)) symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name));
}

/** Empties every cache a build of the copy at `dir` keeps (see MODULE_CACHES): the next build is cold. */
export function emptyCaches(dir: string): void {
  for (const name of MODULE_CACHES) rmSync(join(dir, 'node_modules', name), { recursive: true, force: true });
}
