// Vite builds only the browser side: the island client entry (each island its own chunk) and the stylesheet.
// Pages themselves are prerendered by generator/build.ts.
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { classNames } from './generator/client/class-names-plugin.ts';

export default defineConfig({
  plugins: [tailwindcss(), classNames('runtime/styles/site.css')],
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    assetsDir: 'assets',
    rollupOptions: {
      // sonner marks itself 'use client' for server-component frameworks; it means nothing to a plain bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      // Rolldown's [PLUGIN_TIMINGS] report (Tailwind's transform is most of a build, by design) is noise in
      // every build's output, with raw colour codes in CI logs.
      checks: { bundlerTimings: false },
      // Named chunks, so budgets and tests can tell what a page downloads.
      output: {
        manualChunks(id: string) {
          if (id.includes('/node_modules/@supabase/')) return 'supabase';
          if (id.includes('/node_modules/sonner/')) return 'sonner';
          if (id.includes('/node_modules/react-dom/') || id.includes('/node_modules/react/') || id.includes('/node_modules/scheduler/')) return 'react';
          // The JSX runtime that renames classes, and its table, travel with React (a library chunk: page-assets.ts reads no classes from it).
          if (id.endsWith('/runtime/client/jsx-runtime.ts') || id.endsWith('/model/class-names.ts') || id.includes('virtual:class-names')) return 'react';
          return undefined;
        },
      },
      input: {
        main: 'runtime/client/main.ts',
        site: 'runtime/styles/site.css',
      },
    },
  },
  oxc: { jsx: { runtime: 'automatic' } },
  // The dev server has no index.html to scan: name the browser entries, so dependencies are optimised
  // up front instead of being discovered on the first page load (which reloads the page).
  optimizeDeps: {
    entries: ['runtime/client/main.ts', 'runtime/client/toast.ts', 'runtime/client/toaster.tsx', 'runtime/islands/*.island.tsx', 'studio/main.tsx'],
  },
});
