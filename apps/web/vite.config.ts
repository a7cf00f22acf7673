import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

// The app is served under /app/ by the server; in development the API is proxied to it.
export default defineConfig({
  base: '/app/',
  plugins: [
    react(),
    // Pre-compressed copies of every asset for the server to send as they are; originals are kept.
    compression({
      algorithms: ['gzip', 'brotliCompress'],
      include: /\.(html|css|js|mjs|json|svg|txt|map)$/,
      skipIfLargerOrEqual: false,
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
  },
  server: {
    proxy: {
      '/app/v1': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
