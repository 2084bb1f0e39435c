// `npm run new -- <page|article|platform> <name>`: writes a starter YAML file that validates as is
// (the editor's schema hints explain each field). Never overwrites an existing file.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { articleStarter } from '../starters.ts';

const [kind, name] = process.argv.slice(2);
const usage = 'usage: npm run new -- <page|article|platform> <name>   e.g. npm run new -- article my-new-article';
if (!kind || !name || !/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(name)) {
  console.error(usage);
  process.exit(1);
}

const today = new Date().toISOString().slice(0, 10);
const templates: Record<string, { file: string; text: string }> = {
  page: {
    file: `pages/${name}.yaml`,
    text: `title: "${name}"\ndescription: "Describe this page for search results."\nsections:\n  - type: page-title\n    title: "${name}"\n  - type: paragraph\n    text: "Write the page here. **Bold**, *italic* and [links](/blog) work."\n`,
  },
  article: {
    file: `pages/blog/${name}.yaml`,
    text: articleStarter(name, today),
  },
  platform: {
    file: `pages/${name}-detox.yaml`,
    text: `# A platform sales page. First add a product with id "${name}" and route /${name}-detox to site.config.yaml,\n# then copy the platform section of pages/instagram-detox.yaml here and rewrite its copy.\ntemplate: platform\ntitle: "${name} Detox"\ndescription: "Describe this page for search results."\n`,
  },
};
const t = templates[kind];
if (!t) {
  console.error(usage);
  process.exit(1);
}
const full = join(process.cwd(), t.file);
if (existsSync(full)) {
  console.error(`${t.file} already exists; nothing written.`);
  process.exit(1);
}
mkdirSync(dirname(full), { recursive: true });
writeFileSync(full, t.text);
console.log(`wrote ${t.file}; run \`npm run validate\` to check it.`);
