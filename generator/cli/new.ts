// `npm run new -- <page|article|platform> <name>`: writes a starter YAML file that validates as is
// (the editor's schema hints explain each field). Never overwrites an existing file. Exit 0 written,
// 2 for a usage error (unknown kind or option, bad name, a file that already exists).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { articleStarter } from '../starters.ts';
import { EXIT, parseCli, runCli, UsageError } from './args.ts';

const USAGE = 'usage: npm run new -- <page|article|platform> <name>   e.g. npm run new -- article my-new-article';

function starters(name: string): Record<string, { file: string; text: string }> {
  const today = new Date().toISOString().slice(0, 10);
  return {
    page: {
      file: `pages/${name}.yaml`,
      text: `title: "${name}"\ndescription: "Describe this page for search results."\nsections:\n  - type: page-title\n    title: "${name}"\n  - type: paragraph\n    text: "Write the page here. **Bold**, *italic* and [links](/blog) work."\n`,
    },
    article: { file: `pages/blog/${name}.yaml`, text: articleStarter(name, today) },
    platform: {
      file: `pages/${name}-detox.yaml`,
      text: `# A platform sales page. First add a product with id "${name}" and route /${name}-detox to site.config.yaml,\n# then copy the platform section of pages/instagram-detox.yaml here and rewrite its copy.\ntemplate: platform\ntitle: "${name} Detox"\ndescription: "Describe this page for search results."\n`,
    },
  };
}

await runCli('new', () => {
  const { positionals } = parseCli(process.argv.slice(2), {}, true);
  const [kind, name] = positionals;
  if (!kind || !name || positionals.length > 2 || !/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(name)) throw new UsageError(USAGE);
  const t = starters(name)[kind];
  if (!t) throw new UsageError(`unknown kind "${kind}"; ${USAGE}`);
  const full = join(process.cwd(), t.file);
  if (existsSync(full)) throw new UsageError(`${t.file} already exists; nothing written.`);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, t.text);
  console.log(`wrote ${t.file}; run \`npm run validate\` to check it.`);
  return EXIT.ok;
});
