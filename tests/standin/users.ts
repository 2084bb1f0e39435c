// The accounts the shared test stand-in starts with. Each sign-out test has
// its own user, so ending sessions never disturbs another test file.
export const ADMIN = { email: 'owner@example.com', password: 'correct horse battery staple' };
export const MEMBER = { email: 'member@example.com', password: 'just-a-member-password' };
export const LEAVER = { email: 'leaver@example.com', password: 'signs-out-everywhere' };
export const TWO_DEVICES = { email: 'two-devices@example.com', password: 'signs-out-here-only' };
// An admin with no second factor yet: mfa.test.ts enrols one.
export const SECOND_ADMIN = { email: 'second-admin@example.com', password: 'enrols-a-factor-in-the-test' };
export const USERS = [MEMBER, LEAVER, TWO_DEVICES];
// Admins whom the site's runtime module signs in and out (a global sign-out, which ends every session
// of the user and leaves their tokens reading nothing): one per test file, so no other file's admin
// session ends under it.
export const AREA_ADMIN = { email: 'area-admin@example.com', password: 'signs-out-in-admin-area' };
export const MODULE_ADMIN = { email: 'module-admin@example.com', password: 'signs-out-in-backend-module' };
