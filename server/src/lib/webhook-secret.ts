/**
 * Webhook secrets and signatures.
 *
 * A secret is `whsec_` and 32 random bytes; the admin sees it once (when created or rotated). The
 * server must read it back to sign, so it is stored encrypted with AES-256-GCM under a key derived
 * (HKDF-SHA256) from the server's JWT secret (JWT_SECRET, or the one generated and kept in
 * server_secrets: repositories/server-secrets.ts). A copy of the database alone does not reveal the
 * secrets when JWT_SECRET is set in the environment; changing JWT_SECRET makes the stored secrets
 * unreadable (deliveries then fail with "secret unreadable": rotate each endpoint's secret).
 *
 * Signature, Stripe-like: the header `Tagger-Signature: t=<unix seconds>,v1=<hex>` where hex is
 * HMAC-SHA256(secret, `${t}.${raw body}`). A receiver recomputes it over the raw body, compares in
 * constant time, and refuses a `t` far from its clock (e.g. more than 5 minutes) against replays.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const keys = new Map<string, Buffer>();

/** The encryption key for webhook secrets, from the server secret. */
export function webhookKey(serverSecret: string): Buffer {
  let key = keys.get(serverSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', serverSecret, 'tagger-webhooks', 'webhook-secret-v1', 32));
    keys.set(serverSecret, key);
  }
  return key;
}

export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    data.toString('base64url'),
  ].join(':');
}

/** The secret, or null when it cannot be read with this key (JWT_SECRET changed). */
export function openSecret(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** Opens secrets with `key`, each sealed secret once (a batch sends many deliveries to one endpoint). */
export function secretOpener(key: Buffer): (sealed: string) => string | null {
  const opened = new Map<string, string | null>();
  return (sealed) => {
    if (!opened.has(sealed)) opened.set(sealed, openSecret(key, sealed));
    return opened.get(sealed) ?? null;
  };
}

/** The Tagger-Signature header's value for `body` sent at `unixSeconds`. */
export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
