import { defineConfig } from 'orval';

export default defineConfig({
  tagger: {
    input: { target: './openapi.json' },
    output: {
      target: './src/api/gen/endpoints.ts',
      schemas: './src/api/gen/model',
      mode: 'tags-split',
      client: 'react-query',
      httpClient: 'axios',
      clean: true,
      override: {
        mutator: { path: './src/api/http-client.ts', name: 'apiRequest' },
        query: { signal: true },
      },
    },
  },
});
