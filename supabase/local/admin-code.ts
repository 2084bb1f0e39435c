// `npm run admin:code`: the local admin's current TOTP code, so a developer signs in to /admin
// without a phone. Computed from the secret the stand-in gives the local admin (docs/owner/admin.md), or
// ADMIN_TOTP_SECRET when set, exactly as an authenticator app would.
import { EXIT, parseCli, runCli, type Command } from '../../generator/cli/args.ts';
import { LOCAL_ADMIN_TOTP_SECRET } from './keys.ts';
import { TOTP_PERIOD, totpFor } from './mfa.ts';

const ADMIN_CODE: Command = {
  usage: 'npm run admin:code',
  does: "Prints the local admin's current second-factor code (TOTP), as an authenticator app would show it, and how long it stays valid. Opens no database.",
  env: { ADMIN_TOTP_SECRET: 'the secret the stand-in gave the local admin, when you set another' },
  examples: ['npm run admin:code'],
};

await runCli('admin:code', () => {
  parseCli(process.argv.slice(2), ADMIN_CODE);
  const secret = process.env.ADMIN_TOTP_SECRET || LOCAL_ADMIN_TOTP_SECRET;
  const left = TOTP_PERIOD - (Math.floor(Date.now() / 1000) % TOTP_PERIOD);
  console.log(`${totpFor(secret).generate()}  (valid ${left} s more, and the 30 s after that; each code signs in once)`);
  return EXIT.ok;
});
