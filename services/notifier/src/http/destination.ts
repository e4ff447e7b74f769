import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Addresses of cloud metadata services, refused even where their range alone would not be. */
const METADATA_ADDRESSES = new Set([
  '169.254.169.254',
  '169.254.170.2',
  '100.100.100.200',
  '192.0.0.192',
  'fd00:ec2::254',
]);

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** A URL the notifier will never call: retrying cannot help, so the delivery dies at once. */
export class DestinationRefusedError extends Error {
  override readonly name = 'DestinationRefusedError';
}

export interface Destination {
  url: URL;
  /** Bare host name or IP (IPv6 without brackets), as http.request wants it. */
  hostname: string;
  /** The checked address the connection must go to: resolving again could give another (DNS rebinding). */
  address: string;
  family: 4 | 6;
}

/** Why an address is off limits (loopback, private, link-local, CGNAT, multicast, metadata…), or null for a public unicast one. */
export function forbiddenReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return forbiddenIpv4Reason(parsed as ipaddr.IPv4);
  const ipv6 = parsed as ipaddr.IPv6;
  if (METADATA_ADDRESSES.has(ipv6.toNormalizedString()) || METADATA_ADDRESSES.has(ipv6.toString()))
    return 'cloud metadata address';
  const carried = carriedIpv4(ipv6);
  const carriedReason = carried && forbiddenIpv4Reason(carried.ipv4);
  if (carried && carriedReason)
    return `${carriedReason} (${carried.ipv4.toString()} in ${carried.form} form)`;
  const range = ipv6.range();
  if (range !== 'unicast') return `${range} address`;
  // RFC 4291 deprecated these; a host may still tunnel them to the IPv4 address they carry.
  return carried ? `${carried.form} address` : null;
}

function forbiddenIpv4Reason(ipv4: ipaddr.IPv4): string | null {
  if (METADATA_ADDRESSES.has(ipv4.toString())) return 'cloud metadata address';
  const range = ipv4.range();
  return range === 'unicast' ? null : `${range} address`;
}

/**
 * The IPv4 address an IPv6 one carries, and in which form: IPv4-compatible `::a.b.c.d` and
 * IPv4-mapped `::ffff:a.b.c.d` (RFC 4291), SIIT `::ffff:0:a.b.c.d` (RFC 6145), NAT64
 * `64:ff9b::a.b.c.d` (RFC 6052), 6to4 `2002:AABB:CCDD::` (RFC 3056) and Teredo's client address
 * (RFC 4380, stored inverted). Each reaches that IPv4 host through a translator, a tunnel or the
 * host's own stack, so it is judged as that host; null for any other address.
 */
export function carriedIpv4(address: ipaddr.IPv6): { ipv4: ipaddr.IPv4; form: string } | null {
  const p = address.parts;
  const last32 = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const zeroes = (from: number, to: number) => p.slice(from, to).every((part) => part === 0);
  if (zeroes(0, 5) && p[5] === 0xffff) return { ipv4: last32(p[6]!, p[7]!), form: 'IPv4-mapped' };
  // :: and ::1 are the unspecified and loopback addresses, not IPv4 ones.
  if (zeroes(0, 6) && !(p[6] === 0 && p[7]! <= 1))
    return { ipv4: last32(p[6]!, p[7]!), form: 'IPv4-compatible' };
  if (zeroes(0, 4) && p[4] === 0xffff && p[5] === 0) return { ipv4: last32(p[6]!, p[7]!), form: 'SIIT' };
  if (p[0] === 0x64 && p[1] === 0xff9b && zeroes(2, 6)) return { ipv4: last32(p[6]!, p[7]!), form: 'NAT64' };
  if (p[0] === 0x2002) return { ipv4: last32(p[1]!, p[2]!), form: '6to4' };
  if (p[0] === 0x2001 && p[1] === 0) return { ipv4: last32(p[6]! ^ 0xffff, p[7]! ^ 0xffff), form: 'Teredo' };
  return null;
}

/**
 * Parses and vets a webhook URL: http or https only; every address the host resolves to must be public
 * unicast unless the host is on the allow-list. The caller connects to the returned address only.
 */
export async function resolveDestination(
  rawUrl: string,
  allowedHosts: readonly string[],
  resolve: Resolver,
): Promise<Destination> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new DestinationRefusedError('refused: not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new DestinationRefusedError(`refused: ${url.protocol} URLs are not called`);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const allowed = allowedHosts.includes(hostname.toLowerCase().replace(/\.$/, ''));
  const addresses = ipaddr.isValid(hostname)
    ? [{ address: hostname, family: ipaddr.parse(hostname).kind() === 'ipv6' ? 6 : 4 }]
    : await resolve(hostname);
  const first = addresses[0];
  if (!first) throw new Error(`${hostname} resolved to no address`);
  if (!allowed) {
    for (const { address } of addresses) {
      const reason = forbiddenReason(address);
      if (reason) throw new DestinationRefusedError(`refused: ${hostname} is a ${reason} (${address})`);
    }
  }
  return { url, hostname, address: first.address, family: first.family === 6 ? 6 : 4 };
}
