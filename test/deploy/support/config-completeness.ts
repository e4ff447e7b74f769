import type { NetworkPolicies, Peer } from './network-policy';
import { readRepoFile } from './repo-files';

/** The variables of the README's configuration table, in its order. */
export function readmeConfigurationVariables(readme = readRepoFile('README.md')): string[] {
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((match) => match[1]!);
}

/**
 * The variable names a manifest carries: its keys, and keys left commented out in the file
 * (`# KAFKA_SASL_MECHANISM: scram-sha-512`), which an operator uncomments to use.
 */
export function commentedKeys(text: string): string[] {
  return [...text.matchAll(/^\s*#\s*([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!);
}

/** The documented variables none of the places carries, by place. */
export function missingVariables(
  documented: readonly string[],
  places: Record<string, Iterable<string>>,
): Record<string, string[]> {
  const missing: Record<string, string[]> = {};
  for (const [place, names] of Object.entries(places)) {
    const carried = new Set(names);
    const absent = documented.filter((name) => !carried.has(name));
    if (absent.length > 0) missing[place] = absent;
  }
  return missing;
}

/** One row of docs/deployment.md's "Outbound connections" table. */
export interface OutboundConnection {
  to: string;
  ports: number[];
  /** Service names, or every service. */
  from: string[] | 'every';
  /** Where the peer may be: any address (in the cluster or not), public addresses only, or a namespace. */
  where: { kind: 'anywhere' } | { kind: 'public' } | { kind: 'namespace'; peer: Peer };
}

/** Parses the table under `### Outbound connections` of docs/deployment.md. */
export function documentedOutboundConnections(
  doc = readRepoFile('docs/deployment.md'),
): OutboundConnection[] {
  const section = doc.split(/^### Outbound connections$/m)[1]?.split(/^#{2,3} /m)[0] ?? '';
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  return rows.map(([to = '', ports = '', from = '', where = '']) => ({
    to,
    ports: parsePorts(ports),
    from:
      from === 'every service' ? 'every' : [...from.matchAll(/`([a-z0-9-]+)`/g)].map((match) => match[1]!),
    where: parseWhere(where),
  }));
}

function parsePorts(cell: string): number[] {
  return cell.split(',').flatMap((part) => {
    const [first, last] = part.trim().split(/[–-]/).map(Number);
    if (!Number.isInteger(first)) throw new Error(`not a port list: ${cell}`);
    // A range is checked at its ends and middle.
    return last === undefined ? [first!] : [first!, Math.floor((first! + last) / 2), last];
  });
}

function parseWhere(cell: string): OutboundConnection['where'] {
  if (cell === 'anywhere') return { kind: 'anywhere' };
  if (cell === 'public addresses') return { kind: 'public' };
  const namespace = /^namespace `([a-z0-9-]+)`(?:, pods `([^=`]+)=([^`]+)`)?$/.exec(cell);
  if (!namespace) throw new Error(`unknown destination: ${cell}`);
  const labels = namespace[2] ? { [namespace[2]]: namespace[3]! } : undefined;
  return { kind: 'namespace', peer: { namespace: namespace[1]!, labels } };
}

const PUBLIC_ADDRESS: Peer = { ip: '93.184.216.34' };
/** A node inside the cluster or the private network. */
const PRIVATE_ADDRESS: Peer = { ip: '10.12.0.7' };

/** Every documented connection some NetworkPolicy refuses, as `service → destination:port`. */
export function refusedConnections(
  connections: readonly OutboundConnection[],
  policies: NetworkPolicies,
  podOf: (service: string) => Record<string, string>,
  services: readonly string[],
): string[] {
  const refused: string[] = [];
  for (const connection of connections) {
    const peers =
      connection.where.kind === 'anywhere'
        ? [PUBLIC_ADDRESS, PRIVATE_ADDRESS]
        : connection.where.kind === 'public'
          ? [PUBLIC_ADDRESS]
          : [connection.where.peer];
    for (const service of connection.from === 'every' ? services : connection.from)
      for (const peer of peers)
        for (const port of connection.ports)
          if (!policies.allowsEgress(podOf(service), peer, port))
            refused.push(`${service} → ${connection.to} at ${JSON.stringify(peer)}:${port}`);
  }
  return refused;
}
