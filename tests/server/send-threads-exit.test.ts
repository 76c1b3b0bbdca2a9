/**
 * The webhook and mail sending threads never keep a process alive on their own: a process that
 * has sent through them ends by itself once its own work is done (scripts, the benchmarks, a
 * server whose last handle closed). Each case runs in a child process, which must exit by itself.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'tagger-send-threads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the script in a new Node process: its output, and its exit code (null: still running after the wait). */
function runAlone(
  name: string,
  script: string,
  waitMs = 20_000,
): Promise<{ code: number | null; out: string }> {
  const file = path.join(dir, `${name}.ts`);
  writeFileSync(file, script);
  const child = spawn(process.execPath, [file], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c));
  child.stderr.on('data', (c: Buffer) => (out += c));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ code: null, out });
    }, waitMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe('sending threads', () => {
  it('a process that sent webhooks on the sending thread exits by itself', async () => {
    const { code, out } = await runAlone(
      'webhook',
      `import http from 'node:http';
import { sendOnThread } from ${JSON.stringify(path.join(root, 'server/src/lib/webhook-send-thread.ts'))};
const server = http.createServer((req, res) => { req.resume(); req.on('end', () => res.end('ok')); });
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = 'http://127.0.0.1:' + server.address().port + '/hook';
const results = await sendOnThread([1, 2].map((n) => ({ url, secret: 's', t: 1, deliveryId: n, kind: 'work_entry.created', body: { id: n }, allowPrivate: true })));
console.log('statuses', results.map((r) => r.statusCode).join(','));
server.close();
server.closeAllConnections();
`,
    );
    expect(out).toContain('statuses 200,200');
    expect(code).toBe(0);
  });

  it('a process that sent mail on the mail thread exits by itself', async () => {
    const { code, out } = await runAlone(
      'mail',
      `import { startMailThread } from ${JSON.stringify(path.join(root, 'server/src/infra/mail-thread.ts'))};
import { startSmtp } from ${JSON.stringify(path.join(root, 'tests/server/support/smtp.ts'))};
const smtp = await startSmtp();
const sender = startMailThread(smtp.url, 'Tagger <noreply@example.com>');
const error = await sender.send({ to: 'worker@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
const mail = await smtp.waitFor('worker@example.com');
console.log('sent', error === null, mail.subject);
sender.close();
await smtp.close();
`,
    );
    expect(out).toContain('sent true Hello');
    expect(code).toBe(0);
  });
});
