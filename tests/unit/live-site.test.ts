// The live site (or SITE_ROOT's copy of it) as it is: it compiles with no error (warnings allowed, as
// `npm run validate` allows them), and every block it uses has a component. Its content is read, never
// named: what it holds is checked by the behaviour tests on tests/fixtures/.
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../generator/core/compile.ts';
import { blockComponents } from '../../runtime/render/render-page.tsx';
import { errorsOf, liveSite } from './fixture.ts';

describe('the live site', () => {
  it('compiles with no error, every block complete', () => {
    const r = compileSite(liveSite, { components: blockComponents });
    expect(errorsOf(r.diagnostics)).toEqual([]);
    expect(r.site!.pages.length).toBeGreaterThan(0);
  });
});
