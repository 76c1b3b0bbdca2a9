/**
 * The clients of bench/photos.ts, run in a worker thread: closed-loop, `concurrency` of them, each
 * sending the next request as soon as its last one answered, every latency kept.
 */
import http from 'node:http';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

export interface LoadSpec {
  origin: string;
  method: 'GET' | 'POST';
  paths: string[];
  headers: Record<string, string>;
  body?: Uint8Array;
  concurrency: number;
  /** Keep the answers' bodies (an upload's answer names the photo's link). */
  keepBodies: boolean;
}

export interface LoadResult {
  seconds: number;
  latencies: number[];
  bytesSent: number;
  bytesReceived: number;
  errors: string[];
  bodies: string[];
}

/** Closed loop: `concurrency` clients, each sending the next path as soon as its last answered. */
async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const target = new URL(spec.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.concurrency });
  const body = spec.body ? Buffer.from(spec.body) : undefined;
  const headers = body ? { ...spec.headers, 'content-length': String(body.length) } : spec.headers;
  const latencies: number[] = [];
  const errors: string[] = [];
  const bodies: string[] = new Array(spec.paths.length);
  let bytesSent = 0;
  let bytesReceived = 0;
  let next = 0;
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: spec.paths[i],
          method: spec.method,
          headers,
          agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            bytesReceived += chunk.length;
            if (spec.keepBodies || (res.statusCode ?? 500) >= 300) chunks.push(chunk);
          });
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if ((res.statusCode ?? 500) >= 300) errors.push(`${res.statusCode} ${text.slice(0, 200)}`);
            else {
              latencies.push(performance.now() - started);
              if (body) bytesSent += body.length;
              if (spec.keepBodies) bodies[i] = text;
            }
            resolve();
          });
          res.on('error', (err) => {
            errors.push(err.message);
            resolve();
          });
        },
      );
      req.on('error', (err) => {
        errors.push(err.message);
        resolve();
      });
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: spec.concurrency }, async () => {
      while (next < spec.paths.length) await one(next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { seconds, latencies: latencies.sort((a, b) => a - b), bytesSent, bytesReceived, errors, bodies };
}

if (!isMainThread) parentPort?.postMessage(await runLoad(workerData as LoadSpec));
