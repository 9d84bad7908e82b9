/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { preloadRoute } from './build/preload-route.ts';

const local = (file: string) => fileURLToPath(new URL(file, import.meta.url));

// The app is written against React's API and runs on Preact (preact/compat), which does the same
// job in a tenth of React DOM's size: every import of react and react-dom, the app's and its
// libraries', is sent to Preact, in the build and in the tests alike.
const preact = [
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// The Rust server serves web/dist on the same origin as /api; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react(), tailwindcss(), preloadRoute(local('./src/app/routes/home.tsx')), precompress()],
  resolve: {
    alias: [{ find: '@', replacement: local('./src') }, ...preact],
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    clearMocks: true,
    restoreMocks: true,
    unstubGlobals: true,
    // Libraries run through Vite too, so the aliases above reach their imports of react; those
    // that Node would load as CommonJS (whose require() no alias reaches) are bundled first.
    server: { deps: { inline: true } },
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            'preact',
            'preact/compat',
            'preact/compat/client',
            'preact/hooks',
            'preact/jsx-runtime',
            'preact/test-utils',
            '@testing-library/react',
            'react-router',
            '@tanstack/react-query',
            'react-hook-form',
            '@hookform/resolvers/zod',
            'react-toastify',
            '@stripe/react-stripe-js',
          ],
        },
      },
    },
  },
});
