// What a browser on the site's origin needs to call a function with supabase-js (functions.invoke):
// the preflight's answer and the headers on every answer, as Supabase's guide for Edge Functions
// called from a browser writes them. The local stand-in adds the same to everything it answers.
export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers } });
