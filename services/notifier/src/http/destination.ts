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
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it reaches.
  const parsed = ipaddr.process(address);
  if (METADATA_ADDRESSES.has(parsed.toNormalizedString()) || METADATA_ADDRESSES.has(parsed.toString()))
    return 'cloud metadata address';
  const range = parsed.range();
  return range === 'unicast' ? null : `${range} address`;
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
