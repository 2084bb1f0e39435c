// Every mention of the catalogue follows it: the tokens that list a bundle's platforms ("and", "or",
// the others seen from one product), and the warning at a list or count typed by hand, located at the
// phrase and naming the token that would keep it true. A testimonial, a customer's own words, is left alone.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import type { Diagnostic } from '../../generator/core/errors.ts';
import { bundleConfig } from './catalogue-fixture.ts';
import { errorsOf, makeFixture, VALID_INDEX } from './fixture.ts';

// The fixture catalogue holds Instagram; these join it, and a bundle ("bundle") holds all of them.
const CONFIG = bundleConfig(['TikTok', 'YouTube', 'Facebook']);
const page = (sections: string) => `title: "About"\ndescription: "x"\nsections:\n${sections}`;
const paragraph = (text: string) => page(`  - type: paragraph\n    text: "${text}"\n`);

function compileAbout(about: string) {
  const r = compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': about }, CONFIG));
  const mine = r.diagnostics.filter((d) => d.file === 'pages/about.yaml');
  return { r, mine, stale: mine.filter((d) => d.name === 'CatalogueListByHand' || d.name === 'CatalogueCountByHand') };
}
const textOf = (about: string) => {
  const { r } = compileAbout(about);
  expect(errorsOf(r.diagnostics)).toEqual([]);
  return (r.site!.pages.find((p) => p.route === '/about')!.sections[0] as { text: string }).text;
};
/** The 1-based column of `needle` in line `line` of `text`. */
const columnOf = (text: string, line: number, needle: string) => text.split('\n')[line - 1]!.indexOf(needle) + 1;

describe('tokens for a bundle’s platforms', () => {
  it('lists them with "and" or "or", and the others seen from one product', () => {
    expect(textOf(paragraph('{platforms:bundle}'))).toBe('Instagram, TikTok, YouTube and Facebook');
    expect(textOf(paragraph('{platformsOr:bundle}'))).toBe('Instagram, TikTok, YouTube or Facebook');
    expect(textOf(paragraph('{otherPlatforms:youtube}'))).toBe('Instagram, TikTok and Facebook');
    expect(textOf(paragraph('{otherPlatformsOr:instagram}'))).toBe('TikTok, YouTube or Facebook');
  });

  it('refuses the others of a product no bundle holds, at the token', () => {
    const { mine } = compileAbout(paragraph('Plus {otherPlatforms:bundle}.'));
    expect(mine).toMatchObject([{ name: 'TokenNeedsBundleMember', line: 5, column: columnOf(paragraph('Plus {otherPlatforms:bundle}.'), 5, '{otherPlatforms') }]);
    expect(mine[0]!.message).toContain('"bundle" is in no bundle');
  });
});

describe('hand-written lists and counts of the catalogue', () => {
  const cases: [string, string, string, string][] = [
    // text, the phrase warned about, its name, the token the message names
    ['Plans for Instagram, TikTok and YouTube, plus bonuses.', 'Instagram, TikTok and YouTube', 'CatalogueListByHand', '{platforms:bundle}'],
    ['Pick Instagram, TikTok or Facebook.', 'Instagram, TikTok or Facebook', 'CatalogueListByHand', '{platformsOr:bundle}'],
    ['Get the YouTube guide plus the Instagram, TikTok and Facebook guides.', 'Instagram, TikTok and Facebook', 'CatalogueListByHand', '{otherPlatforms:youtube}'],
    ['I was hooked on all three apps.', 'all three apps', 'CatalogueCountByHand', '{countWord:bundle}'],
    ['The bundle holds 5 guides.', '5 guides', 'CatalogueCountByHand', '{count:bundle}'],
    ['Five platforms, one plan.', 'Five platforms', 'CatalogueCountByHand', '{CountWord:bundle}'],
    ['Three small phones, switched off.', 'Three small phones', 'CatalogueCountByHand', '{CountWord:bundle}'],
    ['Away from all five social apps.', 'all five social apps', 'CatalogueCountByHand', '{countWord:bundle}'],
  ];
  for (const [text, phrase, name, token] of cases) {
    it(`warns at "${phrase}", naming ${token}`, () => {
      const about = paragraph(text);
      const { r, stale } = compileAbout(about);
      expect(errorsOf(r.diagnostics)).toEqual([]);
      expect(stale).toMatchObject([{ name, severity: 'warning', line: 5, column: columnOf(about, 5, phrase), path: 'sections[0].text' }]);
      expect(stale[0]!.message).toContain(`"${phrase}"`);
      expect(stale[0]!.message).toContain(`write ${token}`);
    });
  }

  it('names the platforms a list leaves out', () => {
    const { stale } = compileAbout(paragraph('Plans for Instagram, TikTok and YouTube.'));
    expect(stale[0]!.message).toContain('names 3 of the 4 platforms of "bundle" (not Facebook)');
  });

  it('locates a list inside a Markdown block at its line and column', () => {
    const about = page('  - type: markdown\n    text: |\n      ## Plans\n\n      One plan each for Instagram and TikTok.\n');
    const { stale } = compileAbout(about);
    expect(stale).toMatchObject([{ name: 'CatalogueListByHand', line: 8, column: columnOf(about, 8, 'Instagram and TikTok') }]);
  });

  it('is silent on the full list, on tokens, on counts that are right and on counts that are not the catalogue’s', () => {
    const silent = [
      'Plans for Instagram, TikTok, YouTube and Facebook.',
      'Plans for {platforms:bundle}, all {countWord:bundle} of them.',
      'Get the YouTube guide plus the {otherPlatforms:youtube} guides.',
      'All four guides, {count:bundle} plans.',
      'Most people are caught by two or three platforms at once.',
      'Mute on Instagram, snooze on Facebook.',
      'Instagram vs TikTok: which hooks you harder?',
      'The first three or four days are the hardest.',
      // A word between figure and noun that makes them other things than the platforms.
      'Start with three practical guides to sleep.',
      'I muted five news feeds in a week.',
      'All three practical guides are free.',
    ];
    for (const text of silent) expect(compileAbout(paragraph(text)).stale, text).toEqual([]);
  });

  it('reads the catalogue’s own texts too, at their line in site.config.yaml', () => {
    const config = CONFIG.replace('description: "Everything."', 'description: "Plans for Instagram, TikTok and YouTube."');
    const r = compileSite(makeFixture({ 'index.yaml': VALID_INDEX }, config));
    const line = config.split('\n').findIndex((l) => l.includes('Plans for Instagram')) + 1;
    const hits = r.diagnostics.filter((d) => d.name === 'CatalogueListByHand');
    expect(hits).toMatchObject([{ file: 'site.config.yaml', line, column: config.split('\n')[line - 1]!.indexOf('Instagram, TikTok') + 1 }]);
  });

  it('reads every field the schemas call visible text, whatever it is called: an alt text, a description, a heading, an article', () => {
    // Counts and lists the catalogue (four platforms) has outgrown, each where a marketer writes them.
    const hero = `title: "Plans for Instagram, TikTok and YouTube"\ndescription: "One plan each for Instagram, TikTok and YouTube."\nsections:\n  - type: hero\n    headline: "Five Feeds, One Plan"\n    button: { label: "Go", href: "/" }\n    illustration: { src: /phones.svg, alt: "Five small phones, switched off", width: 10, height: 10 }\n  - type: paragraph\n    text: "A weekend away from all five feeds."\n`;
    const root = makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': hero }, CONFIG);
    writeFileSync(join(root, 'public/phones.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const r = compileSite(root);
    expect(errorsOf(r.diagnostics)).toEqual([]);
    const stale = r.diagnostics.filter((d) => d.file === 'pages/about.yaml' && d.name.startsWith('Catalogue'));
    const at = (phrase: string) => {
      const line = hero.split('\n').findIndex((l) => l.includes(phrase)) + 1;
      return { line, column: columnOf(hero, line, phrase) };
    };
    expect(stale.map((d) => [d.path, d.name, d.line, d.column])).toEqual(
      [
        ['title', 'CatalogueListByHand', 'Instagram, TikTok and YouTube"'],
        ['description', 'CatalogueListByHand', 'Instagram, TikTok and YouTube.'],
        ['sections[0].headline', 'CatalogueCountByHand', 'Five Feeds'],
        ['sections[0].illustration.alt', 'CatalogueCountByHand', 'Five small phones'],
        ['sections[1].text', 'CatalogueCountByHand', 'all five feeds'],
      ].map(([path, name, phrase]) => [path, name, at(phrase!).line, at(phrase!).column]),
    );
  });

  it('judges a count against the catalogue its page is made from: a platform whose page is a draft is not yet counted on a live page', () => {
    // Snapchat joins the bundle, but its page is still a draft: live pages count four platforms.
    const config = bundleConfig(['TikTok', 'YouTube', 'Facebook', 'Snapchat']);
    const root = makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': paragraph('I was hooked on all four apps.'), 'snapchat-detox.yaml': `draft: true\n${paragraph('One of all four apps, soon five.')}` }, config);
    const r = compileSite(root);
    expect(errorsOf(r.diagnostics)).toEqual([]);
    const counts = r.diagnostics.filter((d) => d.name === 'CatalogueCountByHand');
    // The draft is made from the whole catalogue, where Snapchat is the fifth.
    expect(counts.map((d) => [d.file, d.message.slice(0, 30)])).toEqual([['pages/snapchat-detox.yaml', '"all four apps" says four, but']]);
  });

  it('leaves a testimonial alone: a customer’s words are a quote', () => {
    const about = page('  - type: testimonial-cards\n    maxLength: 140\n    items:\n      - { name: "A", role: "B", content: "I was hooked on all three apps: Instagram, TikTok and YouTube.", platform: Instagram }\n');
    const { r, stale } = compileAbout(about);
    expect(errorsOf(r.diagnostics)).toEqual([]);
    expect(stale).toEqual([]);
  });

  it('reads the text as written, so a token inside a sentence is not taken for a short list', () => {
    const { stale } = compileAbout(paragraph('Instagram and {otherPlatforms:instagram}'));
    expect(stale.map((d: Diagnostic) => d.message)).toEqual([]);
  });
});
