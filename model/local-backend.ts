// The local stand-in's public address and anon key: the defaults the site is built for when no
// Supabase project is configured. Both are public by design; they only open the local development
// backend. The stand-in (supabase/local/keys.ts) serves exactly these.
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';

// HS256 JWT signed with the stand-in's development secret: {"iss":"supabase-demo","role":"anon",
// "iat":1735689600,"exp":4102444800} (expires in 2100). tests/standin checks it still verifies, so a
// changed secret cannot leave a stale key behind.
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJpYXQiOjE3MzU2ODk2MDAsImV4cCI6NDEwMjQ0NDgwMH0.3vnXsBmP1OB3aB2RlaNtO9RVkkNytk6YoC03k9j36oQ';
