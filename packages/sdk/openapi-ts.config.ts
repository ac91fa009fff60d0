import { defineConfig } from '@hey-api/openapi-ts';

// `npm run sdk:generate` (from the repository root) exports the document, then runs this.
export default defineConfig({
  input: 'openapi.json',
  output: { path: 'src/generated' },
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
});
