import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The console is served by the API process itself (src/http/shared/web-console.ts) from dist/web.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: true },
});
