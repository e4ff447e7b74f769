import { SERVICE_FACTORIES } from '@gw/gateway';
import { NetworkPolicies, type Peer } from './support/network-policy';
import { k8sYamlFiles, loadManifests } from './support/repo-files';

type K8sObject = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const objects = k8sYamlFiles()
  .flatMap(loadManifests)
  .map((document) => document.object as K8sObject);
const base = objects.filter((object) => object.kind === 'NetworkPolicy');
const adminIngress = loadManifests('k8s/components/admin-ingress/admin-ingress.yaml')
  .map((document) => document.object as K8sObject)
  .filter((object) => object.kind === 'NetworkPolicy');
const HTTP = 8080;
const policies = new NetworkPolicies(base, { http: HTTP });

const SERVICES = SERVICE_FACTORIES.map(([name]) => name);
const podOf = (service: string): Record<string, string> =>
  objects.find((object) => object.kind === 'Deployment' && object.metadata.name === service)!.spec.template
    .metadata.labels;
/** The services the public Ingress sends traffic to. */
const ROUTED = new Set<string>(
  objects
    .filter((object) => object.kind === 'Ingress')
    .flatMap((ingress) =>
      ingress.spec.rules[0].http.paths.map((path: K8sObject) => path.backend.service.name),
    ),
);

const namespace = (name: string, labels?: Record<string, string>): Peer => ({ namespace: name, labels });
const ENGINES: [string, Peer, number][] = [
  ['Kafka', namespace('kafka'), 9092],
  ['the schema registry', namespace('kafka'), 8081],
  ['MongoDB', namespace('mongodb'), 27017],
  ['Redis', namespace('redis'), 6379],
  ['DNS', namespace('kube-system', { 'k8s-app': 'kube-dns' }), 53],
];
const PUBLIC_ADDRESS: Peer = { ip: '93.184.216.34' };
const PRIVATE_ADDRESSES: Peer[] = [
  '10.0.0.5',
  '172.16.3.4',
  '192.168.1.10',
  '169.254.169.254',
  '127.0.0.1',
].map((ip) => ({ ip }));

describe('k8s/network-policies.yaml', () => {
  it('denies everything by default, in and out, for every pod of the namespace', () => {
    expect(base).toContainEqual(
      expect.objectContaining({
        spec: { podSelector: {}, policyTypes: ['Ingress', 'Egress'] },
      }),
    );
  });

  it('selects the pods of every service', () => {
    for (const service of SERVICES) expect(podOf(service)['app.kubernetes.io/name']).toBe('cryptogate');
  });
});

describe.each(SERVICES)('the %s pods', (service) => {
  const pod = podOf(service);

  it('reach an OpenTelemetry collector in the monitoring namespace on OTLP/gRPC and OTLP/HTTP only', () => {
    expect(policies.allowsEgress(pod, namespace('monitoring'), 4317)).toBe(true);
    expect(policies.allowsEgress(pod, namespace('monitoring'), 4318)).toBe(true);
    expect(policies.allowsEgress(pod, namespace('monitoring'), 9090)).toBe(false);
    expect(policies.allowsEgress(pod, namespace('default'), 4318)).toBe(false);
  });

  it.each(ENGINES)('reach %s', (_engine, peer, port) => {
    expect(policies.allowsEgress(pod, peer, port)).toBe(true);
  });

  it('are scraped by Prometheus from the monitoring namespace, on http only', () => {
    expect(policies.allowsIngress(pod, namespace('monitoring'), HTTP)).toBe(true);
    expect(policies.allowsIngress(pod, namespace('monitoring'), 22)).toBe(false);
  });

  it(`take traffic from the public Ingress controller only when the Ingress routes to them`, () => {
    expect(policies.allowsIngress(pod, namespace('ingress-nginx'), HTTP)).toBe(ROUTED.has(service));
  });

  it('take nothing from other namespaces or other pods of this one', () => {
    expect(policies.allowsIngress(pod, namespace('default'), HTTP)).toBe(false);
    expect(policies.allowsIngress(pod, namespace('cryptogate', podOf('payments')), HTTP)).toBe(false);
  });

  it('reach the internet only for their own job, and private addresses never', () => {
    // chain: an EVM node provider over HTTPS.
    expect(policies.allowsEgress(pod, PUBLIC_ADDRESS, 443)).toBe(
      ['notifier', 'rates', 'chain'].includes(service),
    );
    expect(policies.allowsEgress(pod, PUBLIC_ADDRESS, 8545)).toBe(['notifier', 'chain'].includes(service));
    expect(policies.allowsEgress(pod, PUBLIC_ADDRESS, 8443)).toBe(service === 'notifier');
    expect(policies.allowsEgress(pod, PUBLIC_ADDRESS, 8332)).toBe(['notifier', 'chain'].includes(service));
    for (const address of PRIVATE_ADDRESSES)
      expect({ address, allowed: policies.allowsEgress(pod, address, 443) }).toEqual({
        address,
        allowed: false,
      });
    expect(policies.allowsEgress(pod, namespace('default'), 5432)).toBe(false);
  });
});

describe('the admin API', () => {
  it('is out of reach of the public Ingress controller', () => {
    expect(ROUTED.has('admin')).toBe(false);
    expect(policies.allowsIngress(podOf('admin'), namespace('ingress-nginx'), HTTP)).toBe(false);
  });

  it('is reached by the internal Ingress controller once the admin-ingress component is in', () => {
    const withAdminIngress = new NetworkPolicies([...base, ...adminIngress], { http: HTTP });
    const internal = namespace('ingress-nginx-internal');
    expect(withAdminIngress.allowsIngress(podOf('admin'), internal, HTTP)).toBe(true);
    expect(withAdminIngress.allowsIngress(podOf('notifier'), internal, HTTP)).toBe(true);
    expect(withAdminIngress.allowsIngress(podOf('payments'), internal, HTTP)).toBe(false);
  });
});
