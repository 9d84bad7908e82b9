/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstLoadChunk } from './build/first-load-chunk.ts';
import { precompress } from './build/precompress.ts';
import { prerender, type Page } from './build/prerender.ts';
import { EMPTY_QUERY, partsApiPath } from './src/features/parts/catalogue-query.ts';

const local = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const alias = [{ find: '@', replacement: local('./src') }];

// The public pages, rendered to HTML at build time and hydrated in the browser (the server answers
// `/parts` with parts/index.html). Every other page starts from the unrendered shell, 200.html.
const shop = 'Parts Garage';
const pages: Page[] = [
  { path: '/', file: 'index.html', module: local('./src/app/routes/home.tsx'), title: shop },
  // The shop puts the catalogue's first page into /parts as it answers it (server/src/web.rs).
  {
    path: '/parts',
    file: 'parts/index.html',
    module: local('./src/app/routes/parts.tsx'),
    title: `Parts | ${shop}`,
    data: `/api${partsApiPath(EMPTY_QUERY)}`,
  },
  { path: '/blogs', file: 'blogs/index.html', module: local('./src/app/routes/blogs.tsx'), title: `Blogs | ${shop}` },
  { path: '/about', file: 'about/index.html', module: local('./src/app/routes/about.tsx'), title: `My Portfolio | ${shop}` },
];

// The entry and what the home page shares with other pages, in one chunk (build/first-load-chunk.ts).
const firstLoad = firstLoadChunk(local('./src/main.tsx'), local('./src/app/routes/home.tsx'), local('./src/first-load.css'));

// The Rust server serves web/dist on the same origin as /api; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    firstLoad.plugin,
    prerender({ entry: local('./src/entry-server.tsx'), pages, shell: '200.html', alias, stylesheet: local('./src/whole.css') }),
    precompress(),
  ],
  resolve: {
    alias,
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'shop', test: firstLoad.test }] } },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    clearMocks: true,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
