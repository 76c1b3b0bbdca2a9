/**
 * Where a webhook may be sent: https to a public address. Private (RFC 1918, unique
 * local), loopback, link-local (cloud metadata at 169.254.169.254 included), carrier-grade NAT,
 * multicast, reserved and unspecified addresses are refused, including IPv4 written inside IPv6
 * (::ffff:a.b.c.d, 64:ff9b::/96). The host is resolved and every address it resolves to is checked
 * when the URL is saved, and again at each delivery in the connection's own lookup, so a name that
 * later resolves elsewhere (DNS rebinding) is refused at the moment of connecting.
 * WEBHOOKS_ALLOW_PRIVATE=true (config.webhooksAllowPrivate) lifts both rules.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** IPv4 carried in an IPv6 address (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d), else null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const m = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(lower);
  if (!m) return null;
  if (m[1]) return m[1];
  const hi = Number.parseInt(m[2], 16);
  const lo = Number.parseInt(m[3], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether an IP address is private, loopback, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return blocked.check(v4, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

export class TargetRefused extends Error {}

/** The URL parsed, or a reason it is not a webhook target (scheme, credentials). */
export function parseTarget(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused('Not a valid URL');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw new TargetRefused(allowPrivate ? 'Use an http or https URL' : 'Use an https URL');
  if (url.username || url.password) throw new TargetRefused('The URL must not carry a user name or password');
  return url;
}

/** The host name without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Every address `host` resolves to; refused when any of them is private (unless allowed) or none. */
export async function resolvePublic(
  host: string,
  allowPrivate: boolean,
): Promise<{ address: string; family: number }[]> {
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new TargetRefused('The host name does not resolve');
    }
  }
  if (addresses.length === 0) throw new TargetRefused('The host name does not resolve');
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
    throw new TargetRefused('The address is private, loopback or link-local: not allowed for webhooks');
  return addresses;
}

/** Checks a URL an admin saves: scheme, and every address its host resolves to. */
export async function checkTarget(raw: string, allowPrivate: boolean): Promise<URL> {
  const url = parseTarget(raw, allowPrivate);
  await resolvePublic(hostOf(url), allowPrivate);
  return url;
}
