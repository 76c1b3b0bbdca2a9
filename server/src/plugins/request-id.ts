/**
 * A request id on every log line of a request (Fastify's child logger carries it as `reqId`), in
 * the `X-Request-Id` header of every answer, and as `requestId` in every error body, so an
 * operator can go from what a user saw to the log lines.
 *
 * The id is the incoming `X-Request-Id` only when the request came straight from a proxy that
 * TRUST_PROXY trusts and the value is sane (1 to 64 letters, digits and `._:-`); otherwise a new
 * random UUID. A client cannot choose the id of its own lines unless a trusted proxy passes it on.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { TrustProxy } from '../config.ts';

const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** proxy-addr's names for address ranges (config.ts accepts them in TRUST_PROXY). */
const RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** Is this peer address a proxy TRUST_PROXY trusts (as the nearest hop)? */
export function trustedPeer(trustProxy: TrustProxy): (address: string | undefined) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => trustProxy > 0;
  const list = new BlockList();
  for (const entry of trustProxy) {
    const named = RANGES[entry];
    if (named) {
      for (const [net, bits, family] of named) list.addSubnet(net, bits, family);
      continue;
    }
    const [address, bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Fastify's genReqId: the trusted proxy's sane X-Request-Id, else a new UUID. */
export function requestIdGenerator(trustProxy: TrustProxy): (req: IncomingMessage) => string {
  const trusted = trustedPeer(trustProxy);
  return (req) => {
    const given = req.headers['x-request-id'];
    if (typeof given === 'string' && SANE_ID.test(given) && trusted(req.socket?.remoteAddress)) return given;
    return randomUUID();
  };
}

/** The X-Request-Id header on every answer, and `requestId` added to every JSON error body. */
export default fp(async function requestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Error bodies are serialised by then ({"statusCode":…}); a string ending in '}' is extended.
    if (
      reply.statusCode >= 400 &&
      typeof payload === 'string' &&
      payload.startsWith('{"statusCode":') &&
      payload.endsWith('}') &&
      !payload.includes('"requestId":')
    ) {
      return `${payload.slice(0, -1)},"requestId":${JSON.stringify(request.id)}}`;
    }
    return payload;
  });
});
