import { SERVICE_FACTORIES } from '@gw/gateway';
import {
  commentedKeys,
  documentedOutboundConnections,
  missingVariables,
  readmeConfigurationVariables,
  refusedConnections,
} from './support/config-completeness';
import { helmBinary, helmLint, helmTemplate, REQUIRED_VALUES } from './support/helm';
import { createK8sSchemaValidator } from './support/k8s-schema';
import { buildKustomization } from './support/kustomize';
import { NetworkPolicies } from './support/network-policy';
import { loadManifests, loadYaml, readRepoFile } from './support/repo-files';

type K8sObject = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SERVICES = SERVICE_FACTORIES.map(([name]) => name);
const validator = createK8sSchemaValidator();
const production = buildKustomization('deploy/kustomize/production');
const key = (object: K8sObject) => `${object.kind}/${object.metadata.name}`;
const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata.name === name);
/** The Prometheus Operator's kinds have no Kubernetes schema; their shape is checked by the tests below. */
const OPERATOR_KINDS = new Set(['ServiceMonitor', 'PrometheusRule']);

let helm: string;
let rendered: K8sObject[];

beforeAll(
  () => {
    helm = helmBinary();
    rendered = helmTemplate(helm);
  },
  30 * 60 * 1000,
);

describe('the Helm chart deploy/helm/cryptogate', () => {
  it('passes helm lint --strict', () => {
    const lint = helmLint(helm);
    expect(lint.output).toContain('1 chart(s) linted, 0 chart(s) failed');
    expect(lint.ok).toBe(true);
  });

  it('renders objects valid against the strict Kubernetes schemas', () => {
    const checked = rendered.filter((object) => !OPERATOR_KINDS.has(object.kind));
    expect(checked.length).toBeGreaterThan(60);
    for (const object of checked)
      expect({ object: key(object), errors: validator.validate(object) }).toEqual({
        object: key(object),
        errors: [],
      });
  });

  it('renders the same objects as the production overlay, the Namespace and Secret template aside', () => {
    const expected = production
      .filter((object) => object.kind !== 'Namespace')
      .map(key)
      .concat('Secret/gateway-secrets')
      .sort();
    expect(rendered.map(key).sort()).toEqual(expected);
  });

  it('gives each object the spec the production overlay gives it, and its labels', () => {
    for (const object of production.filter((o) => !['Namespace', 'ConfigMap'].includes(o.kind))) {
      const ours = structuredClone(find(rendered, object.kind, object.metadata.name)!);
      const theirs = structuredClone(object);
      if (object.kind === 'Deployment') {
        // The image (the chart's appVersion tag) and a checksum that rolls pods on a new ConfigMap.
        expect(ours.spec.template.spec.containers[0].image).toBe('cryptogate:0.1.0');
        expect(ours.spec.template.metadata.annotations['checksum/config']).toMatch(/^[0-9a-f]{64}$/);
        delete ours.spec.template.metadata.annotations['checksum/config'];
        delete ours.spec.template.spec.containers[0].image;
        delete theirs.spec.template.spec.containers[0].image;
      }
      expect({ object: key(object), spec: ours.spec ?? ours.data }).toEqual({
        object: key(object),
        spec: theirs.spec ?? theirs.data,
      });
      expect(ours.metadata.labels).toMatchObject(theirs.metadata.labels ?? {});
      expect(ours.metadata.labels['app.kubernetes.io/instance']).toBe('cryptogate');
    }
  });

  it('carries the ConfigMap of k8s/ key for key, and the keys of the Secret template', () => {
    expect(find(rendered, 'ConfigMap', 'gateway-config')!.data).toEqual(
      find(production, 'ConfigMap', 'gateway-config')!.data,
    );
    const template = loadManifests('k8s/secret.template.yaml')[0]!.object as K8sObject;
    const secret = find(rendered, 'Secret', 'gateway-secrets')!;
    expect(Object.keys(secret.stringData).sort()).toEqual(Object.keys(template.stringData).sort());
    expect(secret.stringData.MASTER_KEY).toBe(REQUIRED_VALUES['secrets.values.MASTER_KEY']);
  });

  it('carries the alert rules of deploy/monitoring/alerts.yaml', () => {
    expect(loadYaml('deploy/helm/cryptogate/files/alerts.yaml')).toEqual(
      loadYaml('deploy/monitoring/alerts.yaml'),
    );
    expect(find(rendered, 'PrometheusRule', 'cryptogate')!.spec).toEqual(
      loadYaml('deploy/monitoring/alerts.yaml'),
    );
  });
});

describe('the chart values', () => {
  it('have every variable of the README configuration table', () => {
    const values = loadYaml('deploy/helm/cryptogate/values.yaml') as K8sObject;
    const perDeployment = find(rendered, 'Deployment', 'payments')!.spec.template.spec.containers[0].env.map(
      (env: K8sObject) => env.name,
    );
    const carried = [
      ...Object.keys(values.config),
      ...Object.keys(values.secrets.values),
      ...commentedKeys(readRepoFile('deploy/helm/cryptogate/values.yaml')),
      ...perDeployment,
    ];
    expect(missingVariables(readmeConfigurationVariables(), { 'Helm values': carried })).toEqual({});
  });

  it('render NetworkPolicies that allow every documented outbound connection', () => {
    const policies = rendered.filter((object) => object.kind === 'NetworkPolicy');
    const podOf = (service: string) => find(rendered, 'Deployment', service)!.spec.template.metadata.labels;
    expect(
      refusedConnections(
        documentedOutboundConnections(),
        new NetworkPolicies(policies, { http: 8080 }),
        podOf,
        SERVICES,
      ),
    ).toEqual([]);
  });

  it('label the ServiceMonitor and PrometheusRule with the configured release, or turn monitoring off', () => {
    const labelled = helmTemplate(helm, {
      'monitoring.release': 'prometheus',
      'monitoring.labels.team': 'payments',
    });
    for (const kind of ['ServiceMonitor', 'PrometheusRule'])
      expect(find(labelled, kind, 'cryptogate')!.metadata.labels).toMatchObject({
        release: 'prometheus',
        team: 'payments',
      });
    expect(find(rendered, 'ServiceMonitor', 'cryptogate')!.metadata.labels.release).toBe(
      'kube-prometheus-stack',
    );
    const unlabelled = helmTemplate(helm, { 'monitoring.release': '' });
    expect(find(unlabelled, 'PrometheusRule', 'cryptogate')!.metadata.labels.release).toBeUndefined();
    const off = helmTemplate(helm, { 'monitoring.enabled': false });
    expect(off.filter((object) => OPERATOR_KINDS.has(object.kind))).toEqual([]);
  });

  it('use an existing Secret instead of creating one, and refuse to create one without its keys', () => {
    const existing = helmTemplate(helm, { 'secrets.existingSecret': 'vault-synced' }, { required: false });
    expect(existing.filter((object) => object.kind === 'Secret')).toEqual([]);
    for (const deployment of existing.filter((object) => object.kind === 'Deployment'))
      expect(deployment.spec.template.spec.containers[0].envFrom).toContainEqual({
        secretRef: { name: 'vault-synced' },
      });
    expect(() => helmTemplate(helm, {}, { required: false })).toThrow(
      /secrets\.values\.(ADMIN_TOKEN|MASTER_KEY) is required/,
    );
  });

  it('set the image, the replicas, the hosts and the internal admin Ingress', () => {
    const custom = helmTemplate(helm, {
      'image.repository': 'registry.example.com/cryptogate',
      'image.digest': `sha256:${'1'.repeat(64)}`,
      'services.chain.minReplicas': 1,
      'services.chain.maxReplicas': 3,
      'services.docs.enabled': false,
      'ingress.hosts[0]': 'pay.shop.example',
      'ingress.hosts[1]': 'checkout.shop.example',
      'adminIngress.enabled': true,
      'adminIngress.host': 'admin.shop.internal',
      'namespace.create': true,
    });
    for (const object of custom.filter((o) => !OPERATOR_KINDS.has(o.kind)))
      expect({ object: key(object), errors: validator.validate(object) }).toEqual({
        object: key(object),
        errors: [],
      });
    expect(find(custom, 'Deployment', 'payments')!.spec.template.spec.containers[0].image).toBe(
      `registry.example.com/cryptogate@sha256:${'1'.repeat(64)}`,
    );
    expect(find(custom, 'HorizontalPodAutoscaler', 'chain')!.spec).toMatchObject({
      minReplicas: 1,
      maxReplicas: 3,
    });
    // One replica: the budget lets that pod be evicted, so a drain is not blocked.
    expect(find(custom, 'PodDisruptionBudget', 'chain')!.spec).toMatchObject({ maxUnavailable: 1 });
    expect(find(custom, 'PodDisruptionBudget', 'chain')!.spec.minAvailable).toBeUndefined();
    expect(find(custom, 'Deployment', 'docs')).toBeUndefined();
    const ingress = find(custom, 'Ingress', 'cryptogate')!;
    expect(ingress.spec.rules.map((rule: K8sObject) => rule.host)).toEqual([
      'pay.shop.example',
      'checkout.shop.example',
    ]);
    expect(ingress.spec.tls[0].hosts).toEqual(['pay.shop.example', 'checkout.shop.example']);
    expect(ingress.spec.rules[1].http.paths).toEqual(
      find(production, 'Ingress', 'cryptogate')!.spec.rules[0].http.paths,
    );

    const component = loadManifests('k8s/components/admin-ingress/admin-ingress.yaml').map(
      (d) => d.object as K8sObject,
    );
    const adminIngress = find(custom, 'Ingress', 'cryptogate-admin')!;
    expect(adminIngress.spec.rules[0].host).toBe('admin.shop.internal');
    expect(adminIngress.spec.rules[0].http).toEqual(
      find(component, 'Ingress', 'cryptogate-admin')!.spec.rules[0].http,
    );
    expect(find(custom, 'NetworkPolicy', 'admin-ingress')!.spec).toEqual(
      find(component, 'NetworkPolicy', 'admin-ingress')!.spec,
    );
    expect(find(custom, 'Namespace', 'cryptogate')!.metadata.labels).toMatchObject({
      'pod-security.kubernetes.io/enforce': 'restricted',
    });
  });
});
