/** Writes the server's OpenAPI document to openapi.json (read by orval). Part of `npm run api:generate`. */
import { writeFileSync } from 'node:fs';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { openApiDocument } from '../server/src/plugins/swagger.ts';

const database = await openDatabase({ dataDir: 'memory://' });
const app = await buildApp({
  config: {
    ...loadConfig({}),
    adminPassword: 'generate-openapi',
    argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  },
  database,
  logger: false,
  serveConsole: false,
});
await app.ready();
const doc = openApiDocument(app);
writeFileSync(new URL('../openapi.json', import.meta.url), `${JSON.stringify(doc, null, 2)}\n`);
await app.close();
await database.close();
console.log('wrote openapi.json');
