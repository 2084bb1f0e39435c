// The 404 page logs the address nobody has a page for (runtime/blocks/not-found.tsx loads this file).
// A file rather than an inline script: an inline one's hash would be in every response's CSP.
console.error('404: no page at ' + location.pathname);
