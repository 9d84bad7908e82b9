/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { preloadRoute } from './build/preload-route.ts';

const local = (file: string) => fileURLToPath(new URL(file, import.meta.url));

// The Rust server serves web/dist on the same origin as /api; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react(), tailwindcss(), preloadRoute(local('./src/app/routes/home.tsx')), precompress()],
  resolve: {
    alias: [{ find: '@', replacement: local('./src') }],
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
  },
});
