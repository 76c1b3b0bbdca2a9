/** `npm run dev`: the API server (restarting on change) and the Vite dev server, side by side. */
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--watch', 'server/src/server.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      STATIC_DIR: '',
      ALLOWED_ORIGINS: process.env.ALLOWED_ORIGINS ?? 'http://localhost:5173',
    },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
