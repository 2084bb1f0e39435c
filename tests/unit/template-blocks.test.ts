// Which blocks each template holds is said once, in the page schema: validate reports any other at its
// `type` with the blocks the template does hold, and the studio's palette (blocksByTemplate) offers
// exactly the blocks validate accepts. On fixture pages: every block type, from its schema's first
// example, on a page of each template.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { studioSchemas } from '../../generator/studio/schemas-for-ui.ts';
import { fixtureDir, makeFixture, projectRoot, VALID_INDEX } from './fixture.ts';

const blockTypes = readdirSync(join(projectRoot, 'schemas/blocks')).map((f) => f.replace('.schema.json', '')).sort();
const example = (type: string) => (JSON.parse(readFileSync(join(projectRoot, 'schemas/blocks', `${type}.schema.json`), 'utf8')) as { examples?: object[] }).examples?.[0] ?? { type };
const sections = stringify({ sections: blockTypes.map(example) });

const PAGES: Record<string, string> = {
  page: `title: "Every block"\ndescription: "x"\n${sections}`,
  article: `template: article\ntitle: "Every block"\ndescription: "x"\narticle:\n  excerpt: "x"\n  category: Science\n  date: "2025-01-20"\n  readTime: 1\n  featured: true\n  author: { name: "A", title: "B" }\n${sections}`,
  // The blog-site's platform page, with every block written after the template's own.
  platform: `${readFileSync(join(fixtureDir('blog-site'), 'pages/instagram-detox.yaml'), 'utf8').replace(/^sections:[\s\S]*$/m, '')}${sections}`,
};

describe('the blocks each template holds', () => {
  const palette = studioSchemas(projectRoot).blocksByTemplate;

  it('the palette has an entry for every template the page schema names, and an article holds fewer blocks than a page', () => {
    expect(Object.keys(palette).sort()).toEqual(Object.keys(PAGES).sort());
    expect(palette.article!.length).toBeGreaterThan(0);
    expect(palette.article!.length).toBeLessThan(palette.page!.length);
    expect(palette.article).not.toContain('admin-app');
  });

  for (const [template, text] of Object.entries(PAGES)) {
    it(`${template}: validate refuses exactly the blocks the palette leaves out, each at its type, listing the allowed ones`, () => {
      const file = template === 'article' ? 'blog/every-block.yaml' : template === 'platform' ? 'instagram-detox.yaml' : 'every-block.yaml';
      const { diagnostics } = compileSite(makeFixture({ 'index.yaml': VALID_INDEX, [file]: text }));
      const refused = diagnostics.filter((d) => d.name === 'BlockNotAllowed');
      const lines = text.split('\n');
      const typeLine = (type: string) => lines.findIndex((l) => l === `  - type: ${type}`) + 1;
      const left = blockTypes.filter((t) => !palette[template]!.includes(t));
      expect(refused.map((d) => d.message.match(/holds? "([^"]+)"/)?.[1] ?? d.message).sort()).toEqual(left);
      for (const d of refused) {
        const type = /"([^"]+)" blocks/.exec(d.message)![1]!;
        expect(d).toMatchObject({ file: `pages/${file}`, line: typeLine(type), path: expect.stringMatching(/^sections\[\d+\]\.type$/) });
        expect(d.message).toContain(`template "${template}"`);
        expect(d.message).toContain(`It holds: ${palette[template]!.join(', ')}.`);
      }
    });
  }
});
