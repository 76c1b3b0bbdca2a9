/**
 * Log output. Production (and anything not a terminal) writes pino's JSON lines, one object per
 * line with `reqId` on every line of a request. A developer's terminal gets one short line each:
 *
 *   12:04:31.201 INFO  [3f1c…] GET /api/v1/users → 200 4.1 ms
 *
 * LOG_FORMAT=json or LOG_FORMAT=pretty chooses; the default is pretty only when stdout is a
 * terminal and NODE_ENV is not `production`.
 */

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'reqId', 'msg', 'req', 'res', 'responseTime']);

export type LogFormat = 'json' | 'pretty';

export function logFormatFromEnv(env: NodeJS.ProcessEnv, isTty: boolean): LogFormat {
  const chosen = (env.LOG_FORMAT ?? '').trim().toLowerCase();
  if (chosen === 'json' || chosen === 'pretty') return chosen;
  if (chosen !== '') throw new Error(`LOG_FORMAT must be json or pretty, got "${env.LOG_FORMAT}"`);
  return isTty && env.NODE_ENV !== 'production' ? 'pretty' : 'json';
}

function two(n: number, width = 2) {
  return String(n).padStart(width, '0');
}

/** One pino JSON line as a short readable line (without the newline). */
export function prettyLine(json: string): string {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(json);
  } catch {
    return json.trimEnd();
  }
  const t = new Date(typeof o.time === 'number' ? o.time : Date.now());
  const time = `${two(t.getHours())}:${two(t.getMinutes())}:${two(t.getSeconds())}.${two(t.getMilliseconds(), 3)}`;
  const parts = [time, LEVELS[o.level as number] ?? String(o.level)];
  if (typeof o.reqId === 'string') parts.push(`[${o.reqId.slice(0, 8)}]`);
  const req = o.req as { method?: string; url?: string } | undefined;
  const res = o.res as { statusCode?: number } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  else if (res?.statusCode !== undefined)
    parts.push(
      `→ ${res.statusCode}${typeof o.responseTime === 'number' ? ` ${o.responseTime.toFixed(1)} ms` : ''}`,
    );
  else if (typeof o.msg === 'string') parts.push(o.msg);
  if (
    (req?.method || res) &&
    typeof o.msg === 'string' &&
    !/^(incoming request|request completed)$/.test(o.msg)
  )
    parts.push(o.msg);
  const rest: string[] = [];
  let stack = '';
  for (const [k, v] of Object.entries(o)) {
    if (SKIP.has(k)) continue;
    if ((k === 'err' || k === 'error') && v && typeof v === 'object') {
      const e = v as { message?: string; stack?: string };
      rest.push(`${k}=${JSON.stringify(e.message ?? '')}`);
      stack = e.stack ? `\n${e.stack}` : '';
      continue;
    }
    rest.push(`${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  }
  return `${[...parts, ...rest].join(' ')}${stack}`;
}

/** A pino destination writing prettyLine() of each line to `out`. */
export function prettyStream(out: NodeJS.WritableStream = process.stdout) {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line) out.write(`${prettyLine(line)}\n`);
    },
  };
}
