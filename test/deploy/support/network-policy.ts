type K8sObject = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Who is on the other end of a connection: a pod in a namespace, or an address outside the cluster. */
export type Peer = { namespace: string; labels?: Record<string, string> } | { ip: string };

interface Selector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

function selects(selector: Selector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpression = (selector.matchExpressions ?? []).every((expression) => {
    const value = labels[expression.key];
    if (expression.operator === 'In') return value !== undefined && expression.values!.includes(value);
    if (expression.operator === 'NotIn') return value === undefined || !expression.values!.includes(value);
    if (expression.operator === 'Exists') return value !== undefined;
    if (expression.operator === 'DoesNotExist') return value === undefined;
    throw new Error(`unknown operator ${expression.operator}`);
  });
  return byLabel && byExpression;
}

const ipToNumber = (ip: string) => ip.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  const start = Math.floor(ipToNumber(base!) / size) * size;
  return ipToNumber(ip) >= start && ipToNumber(ip) < start + size;
}

function matchesPeer(rule: K8sObject, peer: Peer): boolean {
  if ('ip' in peer) {
    const block = rule.ipBlock;
    return (
      !!block &&
      inCidr(peer.ip, block.cidr) &&
      !(block.except ?? []).some((cidr: string) => inCidr(peer.ip, cidr))
    );
  }
  if (rule.ipBlock) return false;
  const namespaceMatches = rule.namespaceSelector
    ? selects(rule.namespaceSelector, { 'kubernetes.io/metadata.name': peer.namespace })
    : peer.namespace === 'cryptogate';
  return namespaceMatches && selects(rule.podSelector, peer.labels ?? {});
}

function matchesPort(
  ports: K8sObject[] | undefined,
  port: number,
  namedPorts: Record<string, number>,
): boolean {
  if (!ports) return true;
  return ports.some((entry) => {
    const first = typeof entry.port === 'string' ? namedPorts[entry.port] : entry.port;
    return first !== undefined && port >= first && port <= (entry.endPort ?? first);
  });
}

/**
 * What the NetworkPolicies of a namespace allow, as Kubernetes evaluates them: a pod no policy of a
 * direction selects is open in that direction; once one selects it, only what some rule allows passes.
 */
export class NetworkPolicies {
  constructor(
    private readonly policies: K8sObject[],
    /** The pod's named container ports (`http` → 8080). */
    private readonly namedPorts: Record<string, number>,
  ) {}

  private allows(direction: 'Ingress' | 'Egress', pod: Record<string, string>, peer: Peer, port: number) {
    const selecting = this.policies.filter(
      (policy) => policy.spec.policyTypes.includes(direction) && selects(policy.spec.podSelector, pod),
    );
    if (selecting.length === 0) return true;
    const key = direction === 'Ingress' ? 'ingress' : 'egress';
    const peersKey = direction === 'Ingress' ? 'from' : 'to';
    return selecting.some((policy) =>
      (policy.spec[key] ?? []).some(
        (rule: K8sObject) =>
          (rule[peersKey] === undefined ||
            rule[peersKey].some((entry: K8sObject) => matchesPeer(entry, peer))) &&
          matchesPort(rule.ports, port, direction === 'Ingress' ? this.namedPorts : {}),
      ),
    );
  }

  allowsIngress(pod: Record<string, string>, from: Peer, port: number): boolean {
    return this.allows('Ingress', pod, from, port);
  }

  allowsEgress(pod: Record<string, string>, to: Peer, port: number): boolean {
    return this.allows('Egress', pod, to, port);
  }
}
