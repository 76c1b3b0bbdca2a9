/**
 * The address a worker's phone opens: PUBLIC_URL when set, else the origin the request came to
 * (its protocol and Host, as trustProxy lets Fastify read them behind a proxy). A tag carries
 * `{publicUrl}/t/{nfc_tag_id}`, so a tag written once keeps working only under a stable address:
 * set PUBLIC_URL in production.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

export function publicUrlOf(config: Pick<Config, 'publicUrl'>, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** A tag's URL: what an NFC tag's URL record and the tag sheet's QR code hold. */
export const tagUrl = (publicUrl: string, nfcTagId: string) =>
  `${publicUrl}/t/${encodeURIComponent(nfcTagId)}`;
