// Goals and funnels are content (site.config.yaml `analytics`): checked like everything else. A goal or
// funnel step naming a block id, a route or a product that does not exist stops `npm run validate` at
// its line, with a "did you mean"; the checks follow the schema's x-kind, not the fields' names.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { routePattern } from '../../generator/core/cross-check.ts';
import { errorsOf, makeFixture, MINIMAL_CONFIG, projectRoot, VALID_INDEX } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';

const withAnalytics = (analytics: string) => `${MINIMAL_CONFIG.trimEnd()}\nanalytics:\n${analytics}`;

/** `npm run validate` on a copy of the minimal site with this analytics section. */
function validate(analytics: string) {
  const root = makeFixture({ 'index.yaml': VALID_INDEX }, withAnalytics(analytics));
  return spawnSync(process.execPath, [...TSX_LOADER, join(projectRoot, 'generator/cli/validate.ts')], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

const configLines = MINIMAL_CONFIG.trimEnd().split('\n').length;

describe('goals and funnels', () => {
  it('a goal naming a missing block id fails npm run validate at its line, with a did-you-mean', () => {
    const r = validate('  goals:\n    - id: pick\n      event: cta\n      block: prodcts\n');
    expect(r.status).toBe(1);
    // The block: line is the fourth after the config's own lines (analytics:, goals:, - id:, event:, block:).
    expect(r.stdout + r.stderr).toContain(`site.config.yaml:${configLines + 5}:14`);
    expect(r.stdout + r.stderr).toMatch(/no block on any page has the id "prodcts"[^\n]*did you mean "?products"?/i);
  });

  it('passes with the names that exist, and checks routes, patterns and products in funnel steps', () => {
    const good = compileSite(makeFixture({ 'index.yaml': VALID_INDEX }, withAnalytics(`  goals:
    - { id: pick, event: cta, block: products, route: / }
    - { id: buy, event: buy, product: instagram }
  funnels:
    - id: f
      name: F
      steps: [{ route: / }, { routePattern: "/*" }, { event: buy, product: instagram }]
`)));
    expect(errorsOf(good.diagnostics)).toEqual([]);
    const bad = compileSite(makeFixture({ 'index.yaml': VALID_INDEX }, withAnalytics(`  funnels:
    - id: f
      name: F
      steps: [{ route: /hom }, { routePattern: "/shop/*" }, { event: buy, product: instagran }]
`)));
    expect(errorsOf(bad.diagnostics).map((d) => d.name)).toEqual(['UnknownRoute', 'RoutePatternMatchesNothing', 'UnknownProduct']);
  });

  it('refuses by schema a funnel of one step, a step that is a route and a pattern at once, and an unknown event', () => {
    const bad = compileSite(makeFixture({ 'index.yaml': VALID_INDEX }, withAnalytics(`  goals:
    - { id: g, event: download }
  funnels:
    - { id: a, name: A, steps: [{ route: / }] }
    - { id: b, name: B, steps: [{ route: /, routePattern: "/*" }, { route: / }] }
`)));
    // analytics: is the line after the config's own; each error is at its offending line.
    const lines = new Set(errorsOf(bad.diagnostics).map((d) => d.line));
    expect(lines).toEqual(new Set([configLines + 3, configLines + 5, configLines + 6]));
    expect(errorsOf(bad.diagnostics)[0]!.message).toContain('must be one of "view", "cta", "buy"');
  });

  it('reads * in a route pattern as any part of a route, and nothing else as special', () => {
    expect(routePattern('/*-detox').test('/instagram-detox')).toBe(true);
    expect(routePattern('/*-detox').test('/about')).toBe(false);
    expect(routePattern('/blog/*').test('/blog/a-post')).toBe(true);
    expect(routePattern('/blog/*').test('/blog')).toBe(false);
  });
});
