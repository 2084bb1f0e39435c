// Addresses and keys of the local stand-in. Constants only, no imports, so the
// browser bundle can use them as defaults without pulling in server code.
// They are public by design: they only ever open the local development backend.

export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

// The same development secret the Supabase CLI uses for `supabase start`.
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

// HS256 JWT signed with LOCAL_JWT_SECRET: {"iss":"supabase-demo","role":"anon",
// "iat":1735689600,"exp":4102444800} (expires in 2100). tests/standin checks it
// still verifies, so a changed secret cannot leave a stale key behind.
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJpYXQiOjE3MzU2ODk2MDAsImV4cCI6NDEwMjQ0NDgwMH0.3vnXsBmP1OB3aB2RlaNtO9RVkkNytk6YoC03k9j36oQ';

export const LOCAL_ADMIN_EMAIL = 'admin@example.com';
export const LOCAL_ADMIN_PASSWORD = 'local-admin-password';
