/**
 * A webhook receiver for tests: node:http on loopback that checks each request's Tagger-Signature
 * with the secret it is given (as a real receiver would: HMAC-SHA256 over "<t>.<raw body>",
 * compared in constant time) and answers what `answer` says (200 unless told otherwise).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  delivery: string;
  event: string;
  signatureOk: boolean;
  body: { id: string; type: string; created_at: string; site: string; data: Record<string, unknown> };
  answered: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The secret signatures are checked with (set once the endpoint is created). */
  secret: string;
  /** The status code for the next request (default 200). */
  answer: (r: Omit<Received, 'answered'>) => number;
  close(): Promise<void>;
}

export function verifySignature(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    received: [],
    secret: '',
    answer: () => 200,
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const seen = {
        delivery: String(req.headers['tagger-delivery']),
        event: String(req.headers['tagger-event']),
        signatureOk: verifySignature(receiver.secret, String(req.headers['tagger-signature'] ?? ''), raw),
        body: JSON.parse(raw),
      };
      const answered = receiver.answer(seen);
      receiver.received.push({ ...seen, answered });
      res.writeHead(answered).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
