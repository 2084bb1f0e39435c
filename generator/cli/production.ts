// Imported first by the commands that build the site (build, start, bench), before anything loads
// React: React picks its development or production build from NODE_ENV when it is first loaded, and
// the development build renders pages several times slower (prop checks, warnings, stack frames).
// The HTML is the same either way. An explicit NODE_ENV (vitest sets "test") is left alone; render
// workers inherit it.
process.env.NODE_ENV ??= 'production';
