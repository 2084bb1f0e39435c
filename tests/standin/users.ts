// The accounts the shared test stand-in starts with. Each sign-out test has
// its own user, so ending sessions never disturbs another test file.
export const ADMIN = { email: 'owner@example.com', password: 'correct horse battery staple' };
export const MEMBER = { email: 'member@example.com', password: 'just-a-member-password' };
export const LEAVER = { email: 'leaver@example.com', password: 'signs-out-everywhere' };
export const TWO_DEVICES = { email: 'two-devices@example.com', password: 'signs-out-here-only' };
// An admin with no second factor yet: mfa.test.ts enrols one.
export const SECOND_ADMIN = { email: 'second-admin@example.com', password: 'enrols-a-factor-in-the-test' };
export const USERS = [MEMBER, LEAVER, TWO_DEVICES];
