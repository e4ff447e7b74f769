import { ADMIN_PREFIX } from '@gw/service-admin';
import { CHECKOUT_PREFIXES } from '@gw/service-checkout';
import { WEBHOOK_ADMIN_PREFIX } from '@gw/service-notifier';
import { ROUTES as GATEWAY_ROUTES, serviceForPath } from '@gw/gateway';
import { ingressBackendFor, type IngressPath } from './support/ingress-routes';
import { nginxLocationFor, parseNginxLocations } from './support/nginx-routes';
import { k8sYamlFiles, loadManifests, loadYaml, readRepoFile } from './support/repo-files';

type K8sObject = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Request paths merchants and buyers send, and the service whose router answers each. The notifier's
 * paths inside the family prefixes come from services/notifier/src/routes/{v1,alpha,beta}-routes.ts.
 */
const ROUTES: [path: string, service: string][] = [
  ['/v1/status', 'gateway-v1'],
  ['/v1/payment', 'gateway-v1'],
  ['/v1/payment/5077125051', 'gateway-v1'],
  ['/v1/invoice', 'gateway-v1'],
  ['/v1/ipn/test', 'notifier'],
  ['/alpha/v1/payment', 'gateway-alpha'],
  ['/alpha/v1/payment/info', 'gateway-alpha'],
  ['/alpha/v1/test-webhook/payment', 'notifier'],
  ['/alpha/v1/payment/resend', 'notifier'],
  ['/alpha/v1/test-webhook/wallet', 'notifier'],
  ['/alpha/v2/payment/resend', 'notifier'],
  ['/beta/v1/payment/invoice', 'gateway-beta'],
  ['/beta/v1/common/currencies', 'gateway-beta'],
  ['/beta/v1/webhook/test', 'notifier'],
  ...CHECKOUT_PREFIXES.map((prefix): [string, string] => [
    `${prefix}/4f2a9c1e-0b7d-4e55-9a1c-2d3e4f5a6b7c`,
    'checkout',
  ]),
  ['/pay/4f2a9c1e-0b7d-4e55-9a1c-2d3e4f5a6b7c/status.json', 'checkout'],
];
/** The admin API: behind the compose proxy, and on Kubernetes only through the admin-ingress component. */
const ADMIN_ROUTES: [path: string, service: string][] = [
  [`${ADMIN_PREFIX}/merchants`, 'admin'],
  [`${ADMIN_PREFIX}/payments/5077125051/refund`, 'admin'],
  [WEBHOOK_ADMIN_PREFIX, 'notifier'],
  [`${WEBHOOK_ADMIN_PREFIX}/deliveries`, 'notifier'],
];
const isAdminPath = (requestPath: string) =>
  requestPath === ADMIN_PREFIX || requestPath.startsWith(`${ADMIN_PREFIX}/`);
/** A path for every entry of the gateway's own route table (what the multi-process tests route by). */
const TABLE_PATHS = GATEWAY_ROUTES.map(({ prefix, exact }) => (exact ? prefix : `${prefix}/0b5e7b0c`));

/** Process internals and the sandbox are never exposed by the Ingress; nginx exposes the sandbox. */
const INTERNAL = ['/health/ready', '/health/live', '/metrics', '/', '/v1x/status', `${ADMIN_PREFIX}x`];
const SANDBOX = '/sandbox/v1/deposits';

describe('the docker-compose proxy (deploy/nginx.conf)', () => {
  const locations = parseNginxLocations(readRepoFile('deploy/nginx.conf'));
  const serviceFor = (requestPath: string) => nginxLocationFor(locations, requestPath)?.service ?? null;
  const compose = loadYaml('docker-compose.yml') as { services: Record<string, K8sObject> };

  it.each([...ROUTES, ...ADMIN_ROUTES])('sends %s to %s', (requestPath, service) => {
    expect(serviceFor(requestPath)).toBe(service);
  });

  it.each(INTERNAL)('answers %s itself', (requestPath) => {
    expect(serviceFor(requestPath)).toBeNull();
  });

  it.each(TABLE_PATHS)('agrees with the gateway route table on %s', (requestPath) => {
    expect(serviceFor(requestPath)).toBe(serviceForPath(requestPath));
  });

  it('sends the sandbox to chain', () => {
    expect(serviceFor(SANDBOX)).toBe('chain');
  });

  it('proxies only to compose services, and waits for each to be healthy', () => {
    const upstreams = [
      ...new Set(locations.flatMap((location) => (location.service ? [location.service] : []))),
    ];
    const dependsOn = compose.services.proxy!.depends_on as Record<string, { condition: string }>;
    expect(Object.keys(dependsOn).sort()).toEqual(upstreams.sort());
    for (const upstream of upstreams) {
      expect(compose.services[upstream]?.expose).toContain('8080');
      expect(dependsOn[upstream]).toEqual({ condition: 'service_healthy' });
    }
  });
});

describe('the Kubernetes Ingress (k8s/ingress.yaml)', () => {
  const objects = k8sYamlFiles()
    .flatMap(loadManifests)
    .map((document) => document.object as K8sObject);
  const ingress = objects.find((object) => object.kind === 'Ingress')!;
  const [rule] = ingress.spec.rules;
  const paths: IngressPath[] = rule.http.paths.map((path: K8sObject) => ({
    path: path.path,
    pathType: path.pathType,
    service: path.backend.service.name,
  }));

  it.each(ROUTES)('sends %s to %s', (requestPath, service) => {
    expect(ingressBackendFor(paths, requestPath)).toBe(service);
  });

  it.each(
    TABLE_PATHS.filter((requestPath) => serviceForPath(requestPath) !== 'chain' && !isAdminPath(requestPath)),
  )('agrees with the gateway route table on %s', (requestPath) => {
    expect(ingressBackendFor(paths, requestPath)).toBe(serviceForPath(requestPath));
  });

  it.each([...INTERNAL, SANDBOX, ...ADMIN_ROUTES.map(([requestPath]) => requestPath)])(
    'does not expose %s',
    (requestPath) => {
      expect(ingressBackendFor(paths, requestPath)).toBeNull();
    },
  );

  it('routes only to Services that exist, on their http port, with Exact or Prefix paths', () => {
    for (const path of rule.http.paths) {
      expect(['Exact', 'Prefix']).toContain(path.pathType);
      const service = objects.find(
        (object) => object.kind === 'Service' && object.metadata.name === path.backend.service.name,
      );
      expect(service?.spec.ports.map((port: K8sObject) => port.name)).toContain(
        path.backend.service.port.name,
      );
    }
  });

  it('serves the host BASE_URL names, over TLS', () => {
    const configMap = objects.find((object) => object.kind === 'ConfigMap')!;
    const baseUrl = new URL(configMap.data.BASE_URL);
    expect(baseUrl.protocol).toBe('https:');
    expect(rule.host).toBe(baseUrl.host);
    expect(ingress.spec.tls).toEqual([expect.objectContaining({ hosts: [baseUrl.host] })]);
  });
});

describe('the admin Ingress (k8s/components/admin-ingress)', () => {
  const [ingress] = loadManifests('k8s/components/admin-ingress/admin-ingress.yaml')
    .map((document) => document.object as K8sObject)
    .filter((object) => object.kind === 'Ingress');
  const [rule] = ingress!.spec.rules;
  const paths: IngressPath[] = rule.http.paths.map((path: K8sObject) => ({
    path: path.path,
    pathType: path.pathType,
    service: path.backend.service.name,
  }));

  it.each(ADMIN_ROUTES)('sends %s to %s', (requestPath, service) => {
    expect(ingressBackendFor(paths, requestPath)).toBe(service);
  });

  it.each(ROUTES.map(([requestPath]) => requestPath))('leaves %s to the public Ingress', (requestPath) => {
    expect(ingressBackendFor(paths, requestPath)).toBeNull();
  });

  it('answers on another host and Ingress class than the public one', () => {
    const publicIngress = k8sYamlFiles()
      .flatMap(loadManifests)
      .map((document) => document.object as K8sObject)
      .find((object) => object.kind === 'Ingress')!;
    expect(rule.host).not.toBe(publicIngress.spec.rules[0].host);
    expect(ingress!.spec.ingressClassName).not.toBe(publicIngress.spec.ingressClassName);
  });
});
