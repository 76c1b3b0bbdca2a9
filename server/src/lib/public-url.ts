/**
 * The address a worker's phone opens: PUBLIC_URL when set, else the origin the request came to
 * (its protocol and Host, as trustProxy lets Fastify read them behind a proxy). A tag carries
 * `{publicUrl}/t/{nfc_tag_id}`, so a tag written once keeps working only under a stable address:
 * set PUBLIC_URL in production.
 */
import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

export function publicUrlOf(config: Pick<Config, 'publicUrl'>, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * The address links in emails sent by a worker start with: PUBLIC_URL when set, else this
 * server's own address (HOST and PORT; a wildcard HOST is the machine itself, localhost). A worker
 * has no request whose origin a link could take, as the account emails do without PUBLIC_URL;
 * a relative link in an email opens nothing. Mail only leaves with PUBLIC_URL set (SMTP_URL needs
 * it), so this fallback reaches the log-only mailer, read on the machine that runs the server.
 */
export function ownPublicUrl(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  const wildcard = ['', '0.0.0.0', '::', '[::]'].includes(config.host);
  const host = wildcard ? 'localhost' : isIPv6(config.host) ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

/** A tag's URL: what an NFC tag's URL record and the tag sheet's QR code hold. */
export const tagUrl = (publicUrl: string, nfcTagId: string) =>
  `${publicUrl}/t/${encodeURIComponent(nfcTagId)}`;
