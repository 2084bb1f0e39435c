// Same-page anchors in messages: the `#` is kept, and a misspelt one gets a "did you mean" among the
// page's own section ids, whether it is quoted (a broken anchor) or not (YAML reads it as a comment).
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { makeFixture, VALID_INDEX } from './fixture.ts';

const page = (href: string, text = 'Plain words.') => `title: "About"
description: "x"
sections:
  - type: cta
    label: "Go"
    href: ${href}
  - type: paragraph
    text: "${text}"
  - type: faq
    id: faq
    heading: "Questions"
    items:
      - question: "a"
        answer: "b"
`;
const diagnose = (about: string) => compileSite(makeFixture({ 'index.yaml': VALID_INDEX, 'about.yaml': about })).diagnostics.filter((d) => d.file === 'pages/about.yaml');

describe('same-page anchors', () => {
  it('unquoted, a misspelt anchor is read as a comment: said so at the anchor, with its # and a did-you-mean', () => {
    const [d, ...rest] = diagnose(page('#faqs'));
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ name: 'ValueReadAsComment', line: 6, column: 11, path: 'sections[0].href' });
    expect(d!.message).toContain('"#faqs"');
    expect(d!.message).toMatch(/did you mean "#faq"\?/i);
    expect(d!.message).toContain('Sections on this page: #faq');
  });

  it('unquoted, a right anchor only needs its quotes', () => {
    const [d, ...rest] = diagnose(page('#faq'));
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ name: 'ValueReadAsComment', line: 6 });
    expect(d!.message).toContain('write it in quotes: "#faq"');
    expect(d!.message).not.toMatch(/did you mean/i);
  });

  it('quoted, a misspelt anchor keeps its # and gets a did-you-mean', () => {
    const [d, ...rest] = diagnose(page('"#faqs"'));
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ name: 'BrokenAnchor', line: 6 });
    expect(d!.message).toContain('link #faqs');
    expect(d!.message).toContain('did you mean "#faq"?');
  });

  it('inside a text, a misspelt anchor is reported at the link with its #', () => {
    const [d, ...rest] = diagnose(page('"#faq"', 'Read [the questions](#fqa) first.'));
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ name: 'BrokenAnchor', line: 8, column: 'text: "Read [the questions]('.length + 4 + 1 });
    expect(d!.message).toContain('"#fqa"');
    expect(d!.message).toContain('did you mean "#faq"?');
  });
});
