// npm run validate for a site built for a hosted backend: without site.config.yaml's mail provider,
// an error at the config (nobody's confirmation would ever leave); with one, or built for the local
// stand-in (whose catcher takes every mail), nothing. Run through the CLI, as CI and a deployer do.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureSite, projectRoot } from './fixture.ts';
import { TSX_LOADER } from './tsx-loader.ts';

const HOSTED = 'https://abcdefghijklmnop.supabase.co';

function validate(root: string, backend?: string) {
  const env = { ...process.env, NO_COLOR: '1', VITE_SUPABASE_URL: backend ?? '', VITE_SUPABASE_ANON_KEY: backend ? 'a-real-projects-anon-key' : '' };
  const r = spawnSync(process.execPath, [...TSX_LOADER, join(projectRoot, 'generator/cli/validate.ts'), '--format', 'json'], { cwd: root, encoding: 'utf8', env });
  return { code: r.status, out: r.stdout };
}

const mailErrors = (out: string) => {
  const report = JSON.parse(out.slice(out.indexOf('{'))) as { diagnostics: { name: string; file: string; line: number; severity: string }[] };
  return report.diagnostics.filter((d) => d.name === 'MailProviderMissing');
};

describe('validate and the mail provider', () => {
  it('a site for a hosted backend without mail: an error at site.config.yaml naming the backend; exit 1', () => {
    const root = fixtureSite('minimal-site');
    const { code, out } = validate(root, HOSTED);
    expect(code).toBe(1);
    expect(mailErrors(out)).toEqual([expect.objectContaining({ file: 'site.config.yaml', severity: 'error' })]);
    expect(out).toContain('abcdefghijklmnop.supabase.co');
  });

  it('with mail.provider set, or built for the local stand-in: no mail error', () => {
    const root = fixtureSite('minimal-site');
    expect(mailErrors(validate(root).out)).toEqual([]);
    const config = join(root, 'site.config.yaml');
    writeFileSync(config, `${readFileSync(config, 'utf8').trimEnd()}\nmail:\n  provider: postmark\n  from: "Site <hello@example.com>"\n`);
    expect(mailErrors(validate(root, HOSTED).out)).toEqual([]);
  });
});
