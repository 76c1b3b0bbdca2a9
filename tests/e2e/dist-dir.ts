/**
 * Where the browser tests build and serve the console: `dist` by default; E2E_DIST=dist-<name>
 * lets several people run browser tests on one checkout without overwriting each other's build.
 */
export const E2E_DIST = process.env.E2E_DIST || 'dist';
