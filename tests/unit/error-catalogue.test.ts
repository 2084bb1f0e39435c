// Every entry of the error catalogue is raised by real input at least once, and every diagnostic
// carries its entry's title and hint. A new entry without a case here fails the last test.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { previewPath } from '../../model/catalogue.ts';
import type { SiteConfig } from '../../model/page.ts';
import { compileSite } from '../../generator/core/compile.ts';
import { ErrorCatalogue, type Diagnostic, type ErrorName } from '../../generator/core/errors.ts';
import { staleTypesDiagnostics } from '../../generator/authoring/generate-types.ts';
import { formatReport } from '../../generator/report/report.ts';
import { copyMarks, exampleSets } from '../../generator/studio/example-copy.ts';
import { backendMismatch } from '../../generator/host/serving-record.ts';
import { blockComponents } from '../../runtime/render/render-page.tsx';
import { experimentEntries } from '../../model/analytics/experiment.ts';
import { judgeCounts, verdictDiagnostics } from '../../generator/validate/experiment-verdicts.ts';
import { renderMails } from '../../generator/render/render-mails.ts';
import { StoreStats } from '../../generator/store/store-stats.ts';
import { ToolCode } from '../../generator/store/code-graph.ts';
import { mailProviderDiagnostics } from '../../generator/validate/mail-provider.ts';
import { fixtureSite, makeFixture, MINIMAL_CONFIG, projectRoot, VALID_INDEX } from './fixture.ts';
import { BUNDLE, bundleConfig } from './catalogue-fixture.ts';
import { otherServer } from './serving-process.ts';

const page = (sections: string) => `title: "About"\ndescription: "x"\nsections:\n${sections}`;
const compile = (pages: Record<string, string>, opts?: Parameters<typeof compileSite>[1]) => compileSite(makeFixture({ 'index.yaml': VALID_INDEX, ...pages }), opts).diagnostics;

/** The minimal site with an analytics section (its goals and funnels written after `analytics:`). */
const withAnalytics = (body: string) => compileSite(makeFixture({ 'index.yaml': VALID_INDEX }, `${MINIMAL_CONFIG.trimEnd()}\nanalytics:\n${body}`)).diagnostics;

const article = (slug: string, readTime: number, featured: boolean, body = 'Ten words of honest prose to read in this one.') => ({
  [`blog/${slug}.yaml`]: `template: article
title: "${slug}"
description: "x"
article:
  excerpt: "x"
  category: Science
  date: "2025-01-20"
  readTime: ${readTime}
  featured: ${featured}
  author: { name: "A", title: "B" }
sections:
  - type: paragraph
    text: "${body}"
`,
});

const blogIndex = (categories: string[]) => `title: "Blog"\ndescription: "x"\nsections:\n  - type: blog-index\n    heading: "Blog"\n    categories: ${JSON.stringify(categories)}\n`;

/** The minimal site with one goal, for experiments; a page trying variant b against it from 2026-01-01. */
const GOAL_CONFIG = `${MINIMAL_CONFIG}analytics:\n  goals:\n    - { id: buy, event: buy }\n`;
const experimentPage = (end: string, sections: string) => `title: "About"\ndescription: "x"\nexperiment: { id: about-copy, variants: [b], goal: buy, start: "2026-01-01", end: "${end}" }\nsections:\n${sections}`;

/** The minimal site with mail files (newsletters/<slug>.yaml, content/mail/<name>.yaml) beside its landing page. */
function mailSite(files: Record<string, string>): string {
  const root = makeFixture({ 'index.yaml': VALID_INDEX });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}
const mails = (files: Record<string, string>) => compileSite(mailSite(files)).diagnostics;
const letter = (sections: string) => `subject: "A letter"\npreheader: "What it says"\nsections:\n${sections}`;

const CASES: Record<ErrorName, () => Diagnostic[] | Promise<Diagnostic[]>> = {
  YamlSyntax: () => compile({ 'about.yaml': 'title: "About\n' }),
  InvalidEncoding: () => {
    const root = makeFixture({ 'index.yaml': VALID_INDEX });
    writeFileSync(join(root, 'pages/about.yaml'), Buffer.concat([Buffer.from('title: "Caf'), Buffer.from([0xe9]), Buffer.from('"\ndescription: "x"\nsections: []\n')]));
    return compileSite(root).diagnostics;
  },
  FileTooLarge: () => {
    const root = makeFixture({ 'index.yaml': VALID_INDEX });
    writeFileSync(join(root, 'pages/about.yaml'), `title: "x"\ndescription: "${'x'.repeat(3 * 1024 * 1024)}"\nsections: []\n`);
    return compileSite(root).diagnostics;
  },
  ValueReadAsComment: () => compile({ 'about.yaml': page('  - type: cta\n    label: "Go"\n    href: #faq\n') }),
  Indentation: () => compile({ 'about.yaml': page('  - type: paragraph\n     text: "a"\n') }),
  DuplicateKey: () => compile({ 'about.yaml': 'title: "A"\ntitle: "B"\ndescription: "x"\nsections: []\n' }),
  WrongType: () => compile({ 'about.yaml': page('  - type: price-box\n    product: instagram\n    countdown: "yes"\n') }),
  MissingField: () => compile({ 'about.yaml': page('  - type: cta\n    label: "Go"\n') }),
  UnknownField: () => compile({ 'about.yaml': page('  - type: paragraph\n    txt: "a"\n    text: "b"\n') }),
  NotAllowedValue: () => compile({ 'about.yaml': page('  - type: callout\n    tone: tpi\n    text: "a"\n') }),
  PatternMismatch: () => compile({ 'about.yaml': page('  - type: cta\n    label: "Go"\n    href: "ftp://x"\n') }),
  InvalidValue: () => compile({ 'about.yaml': page('  - type: paragraph\n    text: ""\n') }),
  UnknownBlockType: () => compile({ 'about.yaml': page('  - type: paragraf\n    text: "a"\n') }),
  BlockNotAllowed: () => {
    const [file, text] = Object.entries(article('one', 1, true, 'word '.repeat(200).trim()))[0]!;
    return compile({ [file]: `${text}  - type: admin-app\n` });
  },
  BlockWithoutComponent: () => compile({}, { components: blockComponents.filter((t) => t !== 'quote') }),
  ComponentWithoutSchema: () => compile({}, { components: [...blockComponents, 'vanished'] }),
  UnknownProduct: () => compile({ 'about.yaml': page('  - type: price-box\n    product: instagran\n') }),
  UnknownRoute: () => withAnalytics('  goals:\n    - { id: about, event: view, route: /abuot }\n'),
  RoutePatternMatchesNothing: () => withAnalytics('  funnels:\n    - id: f\n      name: F\n      steps: [{ route: / }, { routePattern: "/blog/*" }]\n'),
  UnknownBlockId: () => withAnalytics('  goals:\n    - { id: products, event: cta, block: prodcts }\n'),
  BrokenLink: () => compile({ 'about.yaml': page('  - type: cta\n    label: "Go"\n    href: /nowhere\n') }),
  BrokenAnchor: () => compile({ 'about.yaml': page('  - type: cta\n    label: "Go"\n    href: "/#prodcts"\n') }),
  UnsafeLink: () => compile({ 'about.yaml': page('  - type: paragraph\n    text: "[x](http://example.com)"\n') }),
  DuplicateRoute: () => compile({ 'about.yaml': page('  - type: paragraph\n    text: "a"\n'), 'about.yml': page('  - type: paragraph\n    text: "b"\n') }),
  DuplicateSectionId: () => compile({ 'about.yaml': page('  - type: paragraph\n    id: a\n    text: "a"\n  - type: paragraph\n    id: a\n    text: "b"\n') }),
  FeaturedArticle: () => compile({ ...article('one', 1, false, 'x '.repeat(200)), ...article('two', 1, false, 'y '.repeat(200)) }),
  ReadTime: () => compile({ ...article('one', 9, true) }),
  ProseHeading: () => compile({ 'about.yaml': page('  - type: markdown\n    text: |\n      # Too high\n') }),
  UnknownToken: () => compile({ 'about.yaml': page('  - type: paragraph\n    text: "{prise:instagram}"\n') }),
  TokenNeedsProduct: () => compile({ 'about.yaml': page('  - type: paragraph\n    text: "{price}"\n') }),
  TokenUnknownProduct: () => compile({ 'about.yaml': page('  - type: paragraph\n    text: "{price:instagran}"\n') }),
  TokenNeedsBundleMember: () => compile({ 'about.yaml': page('  - type: paragraph\n    text: "Plus {otherPlatforms:instagram}"\n') }),
  CatalogueListByHand: () =>
    compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': page('  - type: paragraph\n    text: "Plans for Instagram and TikTok."\n') }, bundleConfig(['TikTok', 'YouTube']))).diagnostics,
  CatalogueCountByHand: () =>
    compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': page('  - type: paragraph\n    text: "Plans for all four apps."\n') }, bundleConfig(['TikTok', 'YouTube']))).diagnostics,
  UndeclaredBlogCategory: () => compile({ ...article('one', 1, true, 'word '.repeat(200).trim()), 'blog/index.yaml': blogIndex(['Sciences']) }),
  UnquotedColon: () => compile({ 'about.yaml': page('  - type: paragraph\n    text: Step one: turn off notifications\n') }),
  TokenNeedsBundle: () => compile({ 'about.yaml': page('  - type: paragraph\n    text: "All {countWord:instagram} guides"\n') }),
  UnknownPlatform: () => compile({ 'about.yaml': page('  - type: testimonial-cards\n    maxLength: 140\n    items:\n      - { name: "A", role: "B", content: "C", platform: Instagramm }\n') }),
  BundleOriginalPrice: () => {
    // A bundle whose written original price is not what its products cost one by one.
    const config = `${MINIMAL_CONFIG.trimEnd()}\n${BUNDLE}    originalPrice: 999\n`;
    return compileSite(makeFixture({ 'index.yaml': VALID_INDEX }, config)).diagnostics;
  },
  MissingFile: () => compile({ 'about.yaml': page('  - type: hero\n    headline: "H"\n    button: { label: "Go", href: "/" }\n    illustration: { src: /nope.svg, alt: "x", width: 1, height: 1 }\n') }),
  InvalidTemplateOutput: () => {
    // A schema the article template's output no longer satisfies: the template is at fault, not the page.
    const root = makeFixture({ 'index.yaml': VALID_INDEX, ...article('one', 1, true, 'x '.repeat(200)) });
    const file = join(root, 'schemas/blocks/article-header.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8')) as { properties: Record<string, unknown>; required: string[] };
    schema.properties.kicker = { type: 'string' };
    schema.required.push('kicker');
    writeFileSync(file, JSON.stringify(schema));
    return compileSite(root).diagnostics;
  },
  EmptyBlogCategory: () => compile({ ...article('one', 1, true, 'word '.repeat(200).trim()), 'blog/index.yaml': blogIndex(['Science', 'Sleep Health']) }),
  RepeatedParagraph: () => compile({ ...article('one', 1, true, 'word '.repeat(200).trim()), ...article('two', 1, false, 'word '.repeat(200).trim()) }),
  BackendMismatch: async () => {
    const root = makeFixture({ 'index.yaml': VALID_INDEX });
    const server = await otherServer(root, join(root, 'dist'), 'http://127.0.0.1:55999');
    try {
      const d = backendMismatch(root, join(root, 'dist'), 'http://127.0.0.1:54321', false);
      return d ? [d] : [];
    } finally {
      await server.stop();
    }
  },
  MailProviderMissing: () => mailProviderDiagnostics(makeFixture({ 'index.yaml': VALID_INDEX }), 'https://abcdefghijklmnop.supabase.co'),
  MissingPreview: () => {
    const root = makeFixture({ 'index.yaml': VALID_INDEX });
    rmSync(join(root, 'content/previews/instagram-detox-preview.yaml'));
    return compileSite(root).diagnostics;
  },
  InvalidPublishAt: () => compile({ 'about.yaml': `publishAt: "next week"\n${page('  - type: paragraph\n    text: "a"\n')}` }),
  LinkToUnpublished: () => compile({ 'soon.yaml': `draft: true\n${page('  - type: paragraph\n    text: "a"\n')}`, 'about.yaml': page('  - type: cta\n    label: "Go"\n    href: /soon\n') }),
  UnpublishedProductPage: () => compile({ 'instagram-detox.yaml': `draft: true\n${page('  - type: paragraph\n    text: "a"\n')}` }),
  DateBeforePublishAt: () => {
    const [file, text] = Object.entries(article('one', 1, true, 'x '.repeat(200)))[0]!;
    return compile({ [file]: `publishAt: "2025-02-01"\n${text}` });
  },
  DraftCopy: () => compile({ 'about.yaml': page('  - type: paragraph\n    text: "DRAFT: the final words"\n') }),
  // The studio's mark (generator/studio/example-copy.ts): a paragraph still holding its schema's example.
  ExampleCopy: () => {
    const text = [...exampleSets(projectRoot).blocks.get('paragraph')!][0]!;
    return copyMarks('pages/about.yaml', page(`  - type: paragraph\n    text: ${JSON.stringify(text)}\n`), null, exampleSets(projectRoot));
  },
  VariantsWithoutExperiment: () => compile({ 'about.yaml': page('  - type: paragraph\n    text: "a"\n    variants: { b: { text: "c" } }\n') }),
  UnknownVariant: () => compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': experimentPage('2026-01-01', '  - type: paragraph\n    text: "a"\n    variants: { c: { text: "c" } }\n') }, GOAL_CONFIG)).diagnostics,
  UnknownGoal: () => compile({ 'about.yaml': experimentPage('2026-01-01', '  - type: paragraph\n    text: "a"\n    variants: { b: { text: "c" } }\n') }),
  ExperimentDates: () => compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': experimentPage('2025-01-01', '  - type: paragraph\n    text: "a"\n    variants: { b: { text: "c" } }\n') }, GOAL_CONFIG)).diagnostics,
  ExperimentPastEnd: () => compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': experimentPage('2026-02-01', '  - type: paragraph\n    text: "a"\n    variants: { b: { text: "c" } }\n') }, GOAL_CONFIG), { asOf: new Date('2026-03-01T00:00:00Z') }).diagnostics,
  VariantChangesNothing: () => compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': experimentPage('2026-02-01', '  - type: paragraph\n    text: "a"\n') }, GOAL_CONFIG), { asOf: new Date('2026-01-15T00:00:00Z') }).diagnostics,
  // Counts as admin_experiment answers them, over the experiment-site fixture's experiment: b converts five times as often.
  ExperimentHasVerdict: () => {
    const root = fixtureSite('experiment-site');
    const compiled = compileSite(root, { asOf: new Date('2026-02-01T00:00:00Z') }).site!;
    const entry = experimentEntries(compiled.pages, compiled.site.analytics?.goals ?? [])[0]!;
    const arm = (variant: string, conversions: number) => ({ variant, visitors: 2000, conversions, daily: [{ day: '2026-01-20', visitors: 2000, conversions }] });
    return verdictDiagnostics(root, compiled, new Map([[entry, judgeCounts(entry, [arm('control', 10), arm('b', 50)])]]), 'a test', () => '2026-01-20');
  },
  NewsletterName: () => mails({ 'newsletters/welcome.yaml': letter('  - type: paragraph\n    text: "a"\n') }),
  BlockNotInMail: () => mails({ 'newsletters/one.yaml': letter('  - type: faq\n    items: [{ question: "q", answer: "a" }]\n') }),
  MailPlaceholder: () => mails({ 'newsletters/one.yaml': letter('  - type: cta\n    label: "Confirm"\n    href: "{{confirm_url}}"\n') }),
  MailAnchor: () => mails({ 'content/mail/welcome.yaml': letter('  - type: paragraph\n    text: "[Back to the top](#top)"\n') }),
  MailImage: () => mails({ 'newsletters/one.yaml': letter('  - type: image\n    image: { src: "/images/a.svg", alt: "A", width: 10, height: 10 }\n') }),
  ConfirmationWithoutLink: () => mails({ 'content/mail/confirmation.yaml': letter('  - type: paragraph\n    text: "Please confirm."\n') }),
  // Rendered as the build renders it, before anything is written: 1,200 lines of prose is over 102,000 bytes.
  MailTooLarge: async () => {
    const prose = Array.from({ length: 1200 }, (_, i) => `      Paragraph ${i} holds a few plain words about putting the phone down.\n`).join('\n');
    const compiled = compileSite(mailSite({ 'newsletters/long.yaml': letter(`  - type: markdown\n    text: |\n${prose}`) })).site!;
    return (await renderMails(compiled, { cacheDir: mkdtempSync(join(tmpdir(), 'mails-')), reuse: false, stats: new StoreStats(), code: new ToolCode() })).diagnostics;
  },
  StaleTypes: () => {
    const root = makeFixture({ 'index.yaml': VALID_INDEX });
    return staleTypesDiagnostics(root);
  },
};

describe('error catalogue', () => {
  for (const [name, raise] of Object.entries(CASES) as [ErrorName, () => Diagnostic[] | Promise<Diagnostic[]>][]) {
    it(`raises ${name} with its title and hint`, async () => {
      const diags = await raise();
      const hit = diags.find((d) => d.name === name);
      expect(hit, `${name} not raised; got ${diags.map((d) => d.name).join(', ') || 'nothing'}`).toBeDefined();
      expect(hit!.title).toBe(ErrorCatalogue[name].title);
      const hint = ErrorCatalogue[name].hint as string | ((...a: never[]) => string);
      // A hint that depends on the error (WrongType's) is checked for fit in its own test.
      if (typeof hint === 'string') expect(hit!.hint).toBe(hint);
      else expect(hit!.hint.length).toBeGreaterThan(0);
      expect(hit!.message.length).toBeGreaterThan(0);
      expect(hit!.line).toBeGreaterThanOrEqual(1);
      const report = formatReport([hit!], new Map());
      expect(report).toContain(`${hit!.file}:${hit!.line}:${hit!.column} `);
      expect(report).toContain(`${ErrorCatalogue[name].title} [${name}]`);
      expect(report).toContain(`hint: ${hit!.hint}`);
    });
  }

  it('has a case above for every entry', () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(ErrorCatalogue).sort());
  });
});

describe('a platform guide without a preview source', () => {
  it('is told which PDF its page waits for, and that an upload at /admin/upload shows without a rebuild', async () => {
    const d = (await CASES.MissingPreview()).find((x) => x.name === 'MissingPreview')!;
    const product = (parse(MINIMAL_CONFIG) as SiteConfig).products[0]!;
    expect(d.message).toContain(`until ${previewPath(product)} is in the previews bucket`);
    expect(d.hint).toContain('/admin/upload');
    expect(d.hint).toContain('without a rebuild');
  });
});

describe('hints fit the error', () => {
  const wrongType = async (yaml: string) => (await compile({ 'about.yaml': page(yaml) })).find((d) => d.name === 'WrongType')!;
  it('says nothing of quotes when a list stands where fields were expected', async () => {
    const d = await wrongType('  - type: price-box\n    product: instagram\n    countdown:\n      - 1\n');
    expect(d.message).toMatch(/must be (object|boolean).*got a list/);
    expect(d.hint).not.toMatch(/quotes/);
  });
  it('tells a quoted yes/no or number to lose its quotes, and a list where one is wanted how to write it', async () => {
    expect((await wrongType('  - type: price-box\n    product: instagram\n    countdown: "yes"\n')).hint).toMatch(/without quotes/);
  });
  it('each catalogue hint for a wrong type matches its pair of expected and found', async () => {
    const { wrongTypeHint } = await import('../../generator/core/errors.ts');
    expect(wrongTypeHint('object', 'a list')).toMatch(/not a list/);
    expect(wrongTypeHint('object', 'a list')).not.toMatch(/quotes/);
    expect(wrongTypeHint('number', '"19"')).toMatch(/without quotes/);
    expect(wrongTypeHint('string', '2024')).toMatch(/in quotes/);
    expect(wrongTypeHint('array', '"x"')).toMatch(/list/);
  });
});
