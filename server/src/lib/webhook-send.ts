/**
 * Sends one webhook request: a POST of JSON with a 10 s limit on the whole exchange, success being
 * a 2xx answer. Redirects are not followed (a 3xx is a failure). The connection's own DNS lookup
 * checks every address again (lib/webhook-target.ts), so a name that now resolves to a private
 * address is refused at connect time (DNS rebinding). The answer's body is read and dropped.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { signatureHeader } from './webhook-secret.ts';
import { hostOf, parseTarget, resolvePublic, TargetRefused } from './webhook-target.ts';

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The delivery worker's name (jobs/webhook-delivery.ts), which a "retry now" wakes. */
export const WEBHOOK_WORKER = 'webhook-deliveries';
/** How long a delivery is retried, and how long an endpoint may fail before it is switched off. */
export const RETRY_FOR_MS = 24 * 3600_000;

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublic(hostname, allowPrivate).then(
      (addresses) => {
        const wanted = options.family ? addresses.filter((a) => a.family === options.family) : addresses;
        const list = wanted.length > 0 ? wanted : addresses;
        if (options.all) (callback as (e: null, a: typeof list) => void)(null, list);
        else callback(null, list[0].address, list[0].family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
}

export async function sendWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<SendResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = parseTarget(rawUrl, options.allowPrivate);
    // An address literal never goes through the lookup: check it here.
    await resolvePublic(hostOf(url), options.allowPrivate);
  } catch (err) {
    return { ok: false, statusCode: null, error: (err as Error).message, durationMs: took() };
  }
  const secure = url.protocol === 'https:';
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: took() });
    };
    const req = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        agent: secure ? agents.https : agents.http,
        lookup: checkedLookup(options.allowPrivate),
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Tagger-Webhooks/1',
          ...headers,
        },
      },
      (res) => {
        res.on('data', () => {});
        res.on('error', () => {});
        res.on('end', () => {
          const code = res.statusCode ?? 0;
          const ok = code >= 200 && code < 300;
          finish({ ok, statusCode: code, error: ok ? null : `HTTP ${code}` });
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`No answer within ${(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000} s`));
    }, options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
    req.on('error', (err) => {
      const message = err instanceof TargetRefused ? err.message : err.message || 'Connection failed';
      finish({ ok: false, statusCode: null, error: message.slice(0, 500) });
    });
    req.end(body);
  });
}

/** A delivery ready to leave: its endpoint's URL and opened secret, and when it is signed. */
export interface SignedJob {
  url: string;
  secret: string;
  /** Unix seconds of the signature. */
  t: number;
  deliveryId: number;
  kind: string;
  body: unknown;
  allowPrivate: boolean;
}

/** Sends many deliveries and answers their results in the same order. */
export type SendMany = (jobs: SignedJob[]) => Promise<SendResult[]>;

/**
 * Sends one delivery: its body signed with the endpoint's secret, and the headers
 * Tagger-Signature, Tagger-Event and Tagger-Delivery (the same id on every retry).
 */
export function sendJob(job: SignedJob): Promise<SendResult> {
  const body = JSON.stringify(job.body);
  return sendWebhook(
    job.url,
    body,
    {
      'tagger-signature': signatureHeader(job.secret, job.t, body),
      'tagger-event': job.kind,
      'tagger-delivery': String(job.deliveryId),
    },
    { allowPrivate: job.allowPrivate },
  );
}

/** Sends on this thread, all at once. */
export const sendHere: SendMany = (jobs) => Promise.all(jobs.map(sendJob));

/** The result of a delivery whose endpoint's secret cannot be opened (the server secret changed). */
export const UNREADABLE_SECRET: SendResult = {
  ok: false,
  statusCode: null,
  error: 'Secret unreadable (server secret changed): rotate it',
  durationMs: 0,
};

/**
 * Sends one delivery: its body signed with the endpoint's secret (opened with `open`:
 * lib/webhook-secret.ts secretOpener), and the
 * headers Tagger-Signature, Tagger-Event and Tagger-Delivery (the same id on every retry).
 */
export async function sendSigned(
  endpoint: { url: string; secretEnc: string },
  delivery: { id: number; kind: string; body: unknown },
  open: (sealed: string) => string | null,
  options: { allowPrivate: boolean; now?: Date },
): Promise<SendResult> {
  const secret = open(endpoint.secretEnc);
  if (!secret) return UNREADABLE_SECRET;
  return sendJob({
    url: endpoint.url,
    secret,
    t: Math.floor((options.now ?? new Date()).getTime() / 1000),
    deliveryId: delivery.id,
    kind: delivery.kind,
    body: delivery.body,
    allowPrivate: options.allowPrivate,
  });
}
