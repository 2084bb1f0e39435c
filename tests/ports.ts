// The end-to-end suite's ports, around which its specs and the unit tests that run beside it lay their
// own (E2E_PORT + 1 to + 11, E2E_SUPABASE_PORT + 2 to + 11). Both defaults lie below the range Linux hands
// out for port 0 and for outgoing connections (32768 to 60999), where every test server that asks for
// any free port lands (a throwaway PostgreSQL, a stand-in, a static server): once, something there held
// the stand-in port a spec wanted (54328, when the stand-in's default was Supabase's 54321) through both
// of the spec's tries.
export const E2E_PORT = Number(process.env.E2E_PORT || 4310);
export const E2E_SUPABASE_PORT = Number(process.env.E2E_SUPABASE_PORT || E2E_PORT + 30);
