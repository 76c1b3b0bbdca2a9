/**
 * The fixed-rate load harness of the benchmarks. A worker thread (so the load generator does not
 * share the server's event loop) sends the requests open-loop and evenly spaced: request i leaves
 * at start + i / rate, whether or not earlier ones have answered, over a keep-alive pool of up to
 * `connections` sockets (a request waits for a free socket when all are busy). Each latency is
 * counted from the time the request was due, not from when it was written, so a server (or a
 * generator) that falls behind shows it in the figures (no coordinated omission). Every latency is
 * kept, so the percentiles are exact; the table gives each run's ratio to the baseline run.
 *
 * Why not autocannon's overallRate (used before): it gives each connection a per-second budget that
 * it spends back to back at the start of every second, so "100 req/s over 10 connections" arrives
 * as a burst of 100 requests with 10 in flight. A route costing 4 ms of CPU then waits behind ~9
 * others (p50 ~40 ms) while a near-free baseline does not notice. BENCH_PACING=bursts brings that
 * pacing back, to compare.
 */
import http from 'node:http';
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
  /** A header given a value of its own on every request (an Idempotency-Key): `${prefix}-${i}`. */
  uniqueHeader?: { name: string; prefix: string };
  /** GET unless given; a body is sent as is (set a content-type header with it). */
  method?: 'GET' | 'POST';
  body?: string;
  /** Keep every latency per path too (Run.byPath): which of many paths are the slow ones. */
  perPath?: boolean;
  /** Keep each second's slowest answer (Run.bySecond, by the second the request was due in). */
  timeline?: boolean;
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
  /**
   * p99 of how late the generator sent a request (its timer behind the due time; not counting a
   * wait for a free socket). Large means the load generator itself was starved of CPU and the
   * latencies say more about the machine than about the server. NaN for BENCH_PACING=bursts.
   */
  lateP99: number;
  /** Each path's latencies, sorted (with RunSpec.perPath). */
  byPath?: Record<string, number[]>;
  /** The slowest answer of the requests due in each second of the run (with RunSpec.timeline). */
  bySecond?: number[];
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Open-loop, evenly spaced requests; latency from each request's due time. */
async function loadEven(spec: RunSpec): Promise<Run> {
  const target = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const paths = spec.paths ?? [spec.path];
  const body = spec.body === undefined ? undefined : Buffer.from(spec.body);
  const headers = body ? { ...spec.headers, 'content-length': String(body.length) } : spec.headers;
  const interval = 1000 / spec.overallRate;
  const total = Math.round(spec.overallRate * spec.duration);
  const latencies: number[] = [];
  const byPath: Record<string, number[]> = {};
  const late: number[] = [];
  const bySecond: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let bytes = 0;
  let done = 0;
  await new Promise<void>((resolve) => {
    const settle = () => {
      done++;
      if (done === total) resolve();
    };
    const send = (due: number, path: string, i: number) => {
      const unique = spec.uniqueHeader;
      const own = unique ? { ...headers, [unique.name]: `${unique.prefix}-${i}` } : headers;
      // Counted once, however it ends: a timed-out request can fail both before and after its
      // answer began, and an answer cut short never ends (the run would wait for it forever).
      let counted = false;
      const failed = () => {
        if (counted) return;
        counted = true;
        errors++;
        settle();
      };
      const req = http.request(
        { host: target.hostname, port: target.port, path, method: spec.method ?? 'GET', headers: own, agent },
        (res) => {
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
          });
          res.on('error', failed);
          res.on('close', () => {
            if (!res.complete) failed();
          });
          res.on('end', () => {
            if (counted) return;
            counted = true;
            latencies.push(performance.now() - due);
            if (spec.timeline) {
              const second = Math.floor((i * interval) / 1000);
              bySecond[second] = Math.max(bySecond[second] ?? 0, performance.now() - due);
            }
            if (spec.perPath) {
              byPath[path] ??= [];
              byPath[path].push(performance.now() - due);
            }
            const status = res.statusCode ?? 0;
            if (status < 200 || status > 299) non2xx++;
            bytes = size;
            settle();
          });
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', failed);
      req.end(body);
    };
    const start = performance.now() + 5;
    let sent = 0;
    const tick = () => {
      const now = performance.now();
      for (; sent < total && start + sent * interval <= now; sent++) {
        late.push(now - (start + sent * interval));
        send(start + sent * interval, paths[sent % paths.length], sent);
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    if (total === 0) resolve();
    else tick();
  });
  agent.destroy();
  latencies.sort((a, b) => a - b);
  late.sort((a, b) => a - b);
  return {
    name: spec.name,
    rate: spec.overallRate,
    requests: latencies.length,
    non2xx,
    errors,
    throughput: latencies.length / spec.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    bytes,
    lateP99: percentile(late, 99),
    byPath: spec.perPath
      ? Object.fromEntries(Object.entries(byPath).map(([p, l]) => [p, l.sort((a, b) => a - b)]))
      : undefined,
    bySecond: spec.timeline ? Array.from(bySecond, (v) => v ?? 0) : undefined,
  };
}

const loadWorker = (spec: RunSpec) =>
  process.env.BENCH_PACING === 'bursts' ? loadBursts(spec) : loadEven(spec);

/** autocannon's pacing: each connection's per-second budget, spent at the start of the second. */
async function loadBursts(spec: RunSpec): Promise<Run> {
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
    lateP99: Number.NaN,
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
      'sent late p99 ms': ms(r.lateP99),
      'p50 × base': (r.p50 / baseline.p50).toFixed(2),
      'p99 × base': (r.p99 / baseline.p99).toFixed(2),
    })),
  );
}

if (!isMainThread && (workerData as { harness?: RunSpec })?.harness) {
  parentPort?.postMessage(await loadWorker((workerData as { harness: RunSpec }).harness));
}
