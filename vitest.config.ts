import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Server test files that replace a module (vi.mock) or count what registers at import time: they
 * need their own module graph.
 */
const SERVER_ISOLATED = [
  'tests/server/crud-routes.test.ts',
  'tests/server/route-handlers.test.ts',
  'tests/server/permission-matrix.test.ts',
];

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'machines',
          sequence: { groupOrder: 0 },
          include: ['tests/machines/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          sequence: { groupOrder: 0 },
          include: ['tests/server/**/*.test.ts'],
          exclude: SERVER_ISOLATED,
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The server files share one module graph per worker: each still builds its own app
          // on its own fresh database, and importing Fastify, Drizzle and PGlite once per worker
          // instead of once per file takes about 40% off the project's CPU time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-isolated',
          sequence: { groupOrder: 0 },
          include: SERVER_ISOLATED,
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // The browser tests run after every other project (on two cores they raced the server
          // tests for CPU and timed out waiting for the screen), three files at a time: each file
          // has its own server, data folder and browser, and two kept the cores about two-thirds
          // busy (each file waits on its browser and server in turn).
          sequence: { groupOrder: 1 },
          maxWorkers: 3,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // expect.poll gives up after one second by default: under CI's load a save and the
          // list's refetch behind it took longer (positions and tasks failed that way), so a
          // screen gets fifteen seconds to show what it should.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
