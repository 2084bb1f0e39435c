// `npm run admin:code`: the local admin's current TOTP code, so a developer signs in to /admin
// without a phone. Computed from the secret the stand-in gives the local admin (README), or
// ADMIN_TOTP_SECRET when set, exactly as an authenticator app would.
import { LOCAL_ADMIN_TOTP_SECRET } from './keys.ts';
import { TOTP_PERIOD, totpFor } from './mfa.ts';

const secret = process.env.ADMIN_TOTP_SECRET || LOCAL_ADMIN_TOTP_SECRET;
const left = TOTP_PERIOD - (Math.floor(Date.now() / 1000) % TOTP_PERIOD);
console.log(`${totpFor(secret).generate()}  (valid ${left} s more, and the 30 s after that; each code signs in once)`);
