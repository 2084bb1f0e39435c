// The same articles built by Astro 5.18, for `npm run bench -- --articles N --astro`: each grown
// article as Markdown in an Astro content collection, a page per article and the blog's index, built
// cold (Astro's caches emptied first, as ours are). Astro is installed into its own folder beside the
// grown site (npm install there, once; never into the project). Astro draws no social cards and builds
// no islands: it is the yardstick, not a twin.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { articleFiles, BLOG_DIR } from './grow.ts';

export const ASTRO_VERSION = '~5.18.0';

interface Block {
  type?: string;
  level?: number;
  title?: string;
  text?: string;
  items?: unknown[];
  ordered?: boolean;
}

/** An article page's YAML as Markdown with front matter: its words, in the order the page shows them. */
export function articleMarkdown(yamlText: string): string {
  const page = parse(yamlText) as { title: string; description: string; article: { category: string; date: string }; sections?: Block[] };
  const quote = (s: string) => JSON.stringify(s);
  const blocks = (page.sections ?? []).flatMap((s): string[] => {
    if (s.type === 'heading') return [`${'#'.repeat(s.level ?? 2)} ${s.text ?? ''}`];
    const out: string[] = [];
    if (s.title) out.push(`**${s.title}**`);
    if (s.text) out.push(s.text);
    if (s.items) out.push(s.items.map((item, i) => `${s.ordered ? `${i + 1}.` : '-'} ${typeof item === 'string' ? item : JSON.stringify(item)}`).join('\n'));
    return s.type === 'paragraph' || s.type === 'list' ? out : out.map((b) => b.replace(/^/gm, '> '));
  });
  return `---\ntitle: ${quote(page.title)}\ndescription: ${quote(page.description)}\ncategory: ${quote(page.article.category)}\ndate: ${quote(page.article.date)}\n---\n\n${blocks.join('\n\n')}\n`;
}

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'astro-bench', private: true, type: 'module', dependencies: { astro: ASTRO_VERSION } }, null, 2),
  'astro.config.mjs': "import { defineConfig } from 'astro/config';\nexport default defineConfig({ site: 'https://example.com' });\n",
  'src/content.config.ts': `import { defineCollection, z } from 'astro:content';
import { glob } from 'astro/loaders';
const blog = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/blog' }),
  schema: z.object({ title: z.string(), description: z.string(), category: z.string(), date: z.coerce.date() }),
});
export const collections = { blog };
`,
  'src/layouts/Base.astro': `---
const { title, description } = Astro.props;
---
<html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width" /><title>{title}</title><meta name="description" content={description} /></head>
<body><header><a href="/">Home</a> · <a href="/blog">Blog</a></header><main><slot /></main></body></html>
`,
  'src/pages/blog/[slug].astro': `---
import { getCollection, render } from 'astro:content';
import Base from '../../layouts/Base.astro';
export async function getStaticPaths() {
  const posts = await getCollection('blog');
  return posts.map((post) => ({ params: { slug: post.id }, props: { post } }));
}
const { post } = Astro.props;
const { Content } = await render(post);
---
<Base title={post.data.title} description={post.data.description}>
  <article><p>{post.data.category} · {post.data.date.toDateString()}</p><h1>{post.data.title}</h1><Content /></article>
</Base>
`,
  'src/pages/blog/index.astro': `---
import { getCollection } from 'astro:content';
import Base from '../../layouts/Base.astro';
const posts = (await getCollection('blog')).sort((a, b) => b.data.date.valueOf() - a.data.date.valueOf());
---
<Base title="Blog" description="Every article.">
  <ul>{posts.map((p) => <li><a href={\`/blog/\${p.id}\`}>{p.data.title}</a> <small>{p.data.category}</small></li>)}</ul>
</Base>
`,
};

/** Astro's caches in its project: emptied before each build, so it is as cold as ours. */
const ASTRO_CACHES = ['node_modules/.astro', 'node_modules/.vite', '.astro', 'dist'];

/**
 * Writes the Astro project at `dir` with the grown site's articles (from `grown`), installs Astro there
 * when it is not yet, and returns the wall time of each of `runs` cold builds.
 */
export function astroBuildTimes(grown: string, dir: string, runs: number): { articles: number; times: number[] } {
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  const installed = join(dir, 'node_modules/astro/package.json');
  if (!existsSync(installed) || !(JSON.parse(readFileSync(installed, 'utf8')) as { version: string }).version.startsWith('5.18.')) {
    console.log(`installing astro@${ASTRO_VERSION} into ${dir} (once)…`);
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    if (r.status !== 0) throw new Error(`npm install in ${dir} failed:\n${r.stderr.slice(-3000)}`);
  }
  const content = join(dir, 'src/content/blog');
  rmSync(content, { recursive: true, force: true });
  mkdirSync(content, { recursive: true });
  const articles = articleFiles(grown);
  for (const f of articles) writeFileSync(join(content, f.replace(/\.ya?ml$/, '.md')), articleMarkdown(readFileSync(join(grown, BLOG_DIR, f), 'utf8')));
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    for (const c of ASTRO_CACHES) rmSync(join(dir, c), { recursive: true, force: true });
    const started = performance.now();
    const r = spawnSync(process.execPath, [join(dir, 'node_modules/astro/astro.js'), 'build', '--silent'], { cwd: dir, encoding: 'utf8', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' }, maxBuffer: 256 * 1024 * 1024 });
    times.push(performance.now() - started);
    if (r.status !== 0) throw new Error(`astro build failed (exit ${r.status}):\n${r.stderr.slice(-3000)}${r.stdout.slice(-3000)}`);
    const pages = existsSync(join(dir, 'dist/blog')) ? articles.filter((f) => existsSync(join(dir, 'dist/blog', f.replace(/\.ya?ml$/, ''), 'index.html'))).length : 0;
    if (pages !== articles.length) throw new Error(`astro built ${pages} of ${articles.length} article pages`);
  }
  return { articles: articles.length, times };
}
