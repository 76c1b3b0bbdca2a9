import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (measured in CI: most wait on timers, child processes or the
 * browser, not the CPU), started first so none of them is left running alone at the end. A fresh
 * clone has no timings of earlier runs for Vitest to sort by; the rest keep Vitest's own order.
 */
const SLOW_FIRST = [
  'tests/e2e/a11y-sweep.test.ts',
  'tests/e2e/assignments.test.ts',
  'tests/e2e/phone.test.ts',
  'tests/e2e/positions.test.ts',
  'tests/e2e/field-app.test.ts',
  'tests/e2e/a11y-open.test.ts',
  'tests/e2e/console-defects.test.ts',
  'tests/e2e/site-settings.test.ts',
  'tests/e2e/console-find.test.ts',
  'tests/e2e/system-status.test.ts',
  'tests/e2e/roles.test.ts',
  'tests/server/graceful-shutdown.test.ts',
  'tests/server/database.test.ts',
  'tests/server/jobs-queue.test.ts',
  'tests/server/fuzz/openapi-fuzz.test.ts',
  'tests/server/auth-limits.test.ts',
  'tests/server/system.test.ts',
  'tests/server/auth-trusted-device-epoch.test.ts',
  'tests/server/security-restart.test.ts',
  'tests/server/site-isolation.test.ts',
  'tests/server/users-role-rule.test.ts',
  'tests/server/permission-matrix.test.ts',
];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((slow) => file.moduleId.endsWith(slow));
      return i < 0 ? SLOW_FIRST.length : i;
    };
    return (await super.sort(files)).toSorted((a, b) => rank(a) - rank(b));
  }
}

/**
 * Files at once in the first group (unit, machines, server): Vitest's default on two cores is one,
 * which ran every server file after the other while the CPU sat mostly idle (they wait on
 * PostgreSQL, timers and child processes). The projects of one group must agree on it.
 */
const FIRST_GROUP_WORKERS = 3;

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
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          maxWorkers: FIRST_GROUP_WORKERS,
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'machines',
          sequence: { groupOrder: 0 },
          maxWorkers: FIRST_GROUP_WORKERS,
          include: ['tests/machines/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          sequence: { groupOrder: 0 },
          maxWorkers: FIRST_GROUP_WORKERS,
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
          maxWorkers: FIRST_GROUP_WORKERS,
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
          // tests for CPU and timed out waiting for the screen), four files at a time: each file
          // has its own server, data folder and browser, and waits on them in turn (three files
          // kept the two cores about a third busy).
          sequence: { groupOrder: 1 },
          maxWorkers: 4,
          // A minute was too little on a slow CI machine: flows that take 15 s on an idle one took
          // 35-40 s there (28 Nov: a 2.5 GHz two-core machine, CPU-bound from start to end).
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll gives up after one second by default: under CI's load a save and the
          // list's refetch behind it took longer (positions and tasks failed that way), so a
          // screen gets fifteen seconds to show what it should.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // In CI a browser test that fails is run once more: with four browsers and their servers
          // on two cores, each run of the suite met a new wait that outlasted its timeout once
          // (each then fixed). A test that passes on its second run still shows: .ci/run lists it
          // with the error of its first run, as "flaky", above its summary line.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
