/**
 * The fixed-rate load harness of the benchmarks: autocannon in a worker thread (so the load
 * generator does not share the server's event loop), every response's latency kept so p95 is
 * exact (autocannon reports none), and a table with each run's ratio to the baseline run.
 */
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';

export interface RunSpec {
  name: string;
  url: string;
  path: string;
  /** Several paths sent in turn on each connection (varied filters); `path` alone otherwise. */
  paths?: string[];
  overallRate: number;
  duration: number;
  connections: number;
  headers?: Record<string, string>;
  /** GET unless given; a body is sent as is (set a content-type header with it). */
  method?: 'GET' | 'POST';
  body?: string;
}

export interface Run {
  name: string;
  rate: number;
  requests: number;
  non2xx: number;
  errors: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Bytes of the last response body, to show what each request carries. */
  bytes: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function loadWorker(spec: RunSpec): Promise<Run> {
  const instance = autocannon({
    url: spec.url,
    duration: spec.duration,
    connections: spec.connections,
    overallRate: spec.overallRate,
    requests: (spec.paths ?? [spec.path]).map((path) => ({
      method: spec.method ?? 'GET',
      path,
      headers: spec.headers,
      body: spec.body,
    })),
  });
  const latencies: number[] = [];
  let bytes = 0;
  instance.on('response', (_client: unknown, _status: number, size: number, responseTime: number) => {
    latencies.push(responseTime);
    bytes = size;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    name: spec.name,
    rate: spec.overallRate,
    requests: latencies.length,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    throughput: latencies.length / spec.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    bytes,
  };
}

/** One run at a fixed rate, from a worker thread. */
export function measure(spec: RunSpec): Promise<Run> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { harness: spec } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '—');

/** The runs as a table, each with its p50 and p99 as a multiple of the baseline's. */
export function printRuns(runs: Run[], baseline: Run) {
  console.table(
    runs.map((r) => ({
      run: r.name,
      'rate req/s': r.rate,
      requests: r.requests,
      'non-2xx': r.non2xx,
      errors: r.errors,
      'req/s': r.throughput.toFixed(0),
      'body KB': (r.bytes / 1024).toFixed(1),
      'p50 ms': ms(r.p50),
      'p95 ms': ms(r.p95),
      'p99 ms': ms(r.p99),
      'max ms': ms(r.max),
      'p50 × base': (r.p50 / baseline.p50).toFixed(2),
      'p99 × base': (r.p99 / baseline.p99).toFixed(2),
    })),
  );
}

if (!isMainThread && (workerData as { harness?: RunSpec })?.harness) {
  parentPort?.postMessage(await loadWorker((workerData as { harness: RunSpec }).harness));
}
