import { SERVICE_FACTORIES } from '@gw/gateway';
import { CONFIG_DOCS, createHealth } from '@gw/platform';
import { createK8sSchemaValidator } from './support/k8s-schema';
import { k8sYamlFiles, loadManifests, loadYaml, type ManifestDocument } from './support/repo-files';

type K8sObject = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SECRET_TEMPLATE = 'k8s/secret.template.yaml';
const KUSTOMIZATION = 'k8s/kustomization.yaml';
const REGISTRY = SERVICE_FACTORIES.map(([name]) => name);
const DOCUMENTED_VARIABLES = new Set(CONFIG_DOCS.map((doc) => doc.name));

const validator = createK8sSchemaValidator();
const manifestFiles = k8sYamlFiles().filter((file) => file !== KUSTOMIZATION);
const documents: ManifestDocument[] = manifestFiles.flatMap(loadManifests);
const objects = documents.map((document) => document.object as K8sObject);
const named = (kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata?.name === name);
const label = ({ file, object }: ManifestDocument) =>
  `${file} ${String(object.kind)}/${String((object as K8sObject).metadata?.name)}`;

/** The routes the health router of every process really serves. */
const healthPaths = (createHealth().router.stack as { route?: { path: string } }[]).flatMap((layer) =>
  layer.route ? [layer.route.path] : [],
);

describe('the Kubernetes schema validator', () => {
  const deployment = () => structuredClone(named('Deployment', 'payments')) as K8sObject;

  it(`validates against the strict Kubernetes ${validator.kubernetesVersion} schemas`, () => {
    expect(validator.validate(deployment())).toEqual([]);
  });

  it('rejects a misspelt field', () => {
    const typo = deployment();
    const securityContext = typo.spec.template.spec.containers[0].securityContext;
    securityContext.readOnlyRootFilesytem = securityContext.readOnlyRootFilesystem;
    delete securityContext.readOnlyRootFilesystem;
    expect(validator.validate(typo)).toEqual([
      '/spec/template/spec/containers/0/securityContext: unknown field "readOnlyRootFilesytem"',
    ]);
  });

  it('rejects a field at the wrong level', () => {
    const misplaced = deployment();
    misplaced.spec.template.spec.readinessProbe = misplaced.spec.template.spec.containers[0].readinessProbe;
    expect(validator.validate(misplaced)).toEqual(['/spec/template/spec: unknown field "readinessProbe"']);
  });

  it('rejects a wrong type and a missing required field', () => {
    const broken = deployment();
    broken.spec.template.spec.containers[0].ports[0].containerPort = '8080';
    delete broken.spec.selector;
    const errors = validator.validate(broken);
    expect(errors).toContain('/spec/template/spec/containers/0/ports/0/containerPort: must be integer');
    expect(errors).toContain("/spec: must have required property 'selector'");
  });

  it('rejects a kind it has no schema for', () => {
    expect(validator.validate({ apiVersion: 'apps/v1', kind: 'StatefulSet' })).toEqual([
      'no schema for apps/v1 StatefulSet: add it to scripts/k8s-schemas and regenerate',
    ]);
  });
});

describe('k8s/ manifests', () => {
  it.each(documents.map((document) => [label(document), document] as const))(
    '%s is valid against the Kubernetes schemas',
    (_label, document) => {
      expect(validator.validate(document.object)).toEqual([]);
    },
  );

  it('kustomization.yaml lists every manifest but the Secret template, and nothing else', () => {
    const kustomization = loadYaml(KUSTOMIZATION) as K8sObject;
    expect(kustomization).toMatchObject({
      apiVersion: 'kustomize.config.k8s.io/v1beta1',
      kind: 'Kustomization',
    });
    const listed = (kustomization.resources as string[]).map((resource) => `k8s/${resource}`).sort();
    expect(listed).toEqual(manifestFiles.filter((file) => file !== SECRET_TEMPLATE));
    expect(kustomization.images).toEqual([expect.objectContaining({ name: 'cryptogate' })]);
  });

  it('names every object once per kind', () => {
    const keys = objects.map((object) => `${object.kind}/${object.metadata.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe.each(REGISTRY)('the %s service', (service) => {
  // A missing Deployment fails the first test below by name; the others then fail on its absence.
  const deployment = named('Deployment', service) ?? ({} as K8sObject);
  const pod = deployment?.spec.template;
  const container = pod?.spec.containers[0];
  const podLabels = pod?.metadata.labels;

  it('has a Deployment, Service, HorizontalPodAutoscaler and PodDisruptionBudget in k8s/<service>.yaml', () => {
    const kinds = objects
      .filter((object) => object.metadata.name === service)
      .map((object) => object.kind)
      .sort();
    expect(kinds).toEqual(['Deployment', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Service']);
    const ownFile = documents.filter((document) => document.file === `k8s/${service}.yaml`);
    expect(ownFile).toHaveLength(4);
  });

  it('runs SERVICE=<name> from the one image with the shared ConfigMap and Secret', () => {
    expect(pod.spec.containers).toHaveLength(1);
    expect(container.image).toBe('cryptogate');
    expect(container.args).toEqual(['start']);
    // The image's entrypoint, the compiled CLI (node dist/gateway.js), is what runs.
    expect(container.command).toBeUndefined();
    expect(container.env).toContainEqual({ name: 'SERVICE', value: service });
    expect(container.envFrom).toEqual([
      { configMapRef: { name: 'gateway-config' } },
      { secretRef: { name: 'gateway-secrets' } },
    ]);
    for (const { name } of container.env) expect(DOCUMENTED_VARIABLES).toContain(name);
  });

  it('probes the real health routes on the container port', () => {
    expect(healthPaths).toEqual(expect.arrayContaining(['/health/live', '/health/ready']));
    const portNames = container.ports.map((port: K8sObject) => port.name);
    expect(container.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
    expect(container.startupProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
    for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) {
      expect(healthPaths).toContain(container[probe].httpGet.path);
      expect(portNames).toContain(container[probe].httpGet.port);
    }
    expect(container.ports).toContainEqual(expect.objectContaining({ name: 'http', containerPort: 8080 }));
  });

  it('sets resource requests and limits', () => {
    for (const bound of ['requests', 'limits']) {
      expect(Object.keys(container.resources[bound]).sort()).toEqual(['cpu', 'memory']);
    }
  });

  it('runs as non-root on a read-only root filesystem with no capabilities', () => {
    expect(pod.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(container.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      runAsNonRoot: true,
      capabilities: { drop: ['ALL'] },
    });
    expect(pod.spec.automountServiceAccountToken).toBe(false);
    // /tmp is the one writable path (DATA_DIR's default in the image; nothing is written there on the engines).
    const tmp = container.volumeMounts.find((mount: K8sObject) => mount.mountPath === '/tmp');
    expect(pod.spec.volumes).toContainEqual({ name: tmp.name, emptyDir: expect.any(Object) });
  });

  it('selects its own pods from the Deployment, Service and PodDisruptionBudget', () => {
    expect(deployment.spec.selector.matchLabels).toEqual({
      'app.kubernetes.io/name': 'cryptogate',
      'app.kubernetes.io/component': service,
    });
    expect(podLabels).toMatchObject(deployment.spec.selector.matchLabels);
    expect(podLabels).toMatchObject(named('Service', service)!.spec.selector);
    expect(podLabels).toMatchObject(named('PodDisruptionBudget', service)!.spec.selector.matchLabels);
    expect(named('Service', service)!.spec.ports).toContainEqual(
      expect.objectContaining({ name: 'http', targetPort: 'http' }),
    );
  });

  it('is scaled by its autoscaler alone, with room for a disruption', () => {
    const autoscaler = named('HorizontalPodAutoscaler', service)!;
    expect(autoscaler.spec.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: service,
    });
    expect(deployment.spec.replicas).toBeUndefined();
    expect(autoscaler.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(autoscaler.spec.maxReplicas).toBeGreaterThanOrEqual(autoscaler.spec.minReplicas);
    expect(named('PodDisruptionBudget', service)!.spec.minAvailable).toBeLessThan(
      autoscaler.spec.minReplicas,
    );
  });
});

describe('configuration objects', () => {
  const configMap = named('ConfigMap', 'gateway-config')!;
  const secret = loadManifests(SECRET_TEMPLATE).map((document) => document.object as K8sObject);

  it('runs exactly the services of the registry, each once', () => {
    const services = objects
      .filter((object) => object.kind === 'Deployment')
      .map(
        (object) =>
          object.spec.template.spec.containers[0].env.find((env: K8sObject) => env.name === 'SERVICE').value,
      )
      .sort();
    expect(services).toEqual([...REGISTRY].sort());
  });

  it('the ConfigMap holds only documented variables, with the sandbox off', () => {
    for (const key of Object.keys(configMap.data)) expect(DOCUMENTED_VARIABLES).toContain(key);
    expect(configMap.data.SANDBOX_ENABLED).toBe('false');
    expect(configMap.data.SERVICE).toBeUndefined();
  });

  it('the Secret template is a valid Secret with the keys and engine URLs, outside the kustomization', () => {
    expect(secret).toHaveLength(1);
    expect(validator.validate(secret[0]!)).toEqual([]);
    expect(secret[0]!.metadata.name).toBe('gateway-secrets');
    expect(Object.keys(secret[0]!.stringData).sort()).toEqual(
      [
        'ADMIN_TOKEN',
        'BTC_RPC_PASSWORD',
        'BTC_RPC_USER',
        'KAFKA_BROKERS',
        'KAFKA_SASL_USERNAME',
        'KAFKA_SASL_PASSWORD',
        'MASTER_KEY',
        'MONGODB_URL',
        'REDIS_URL',
        'SCHEMA_REGISTRY_URL',
        'LTC_RPC_PASSWORD',
        'LTC_RPC_USER',
        'PRICE_SOURCE_API_KEY',
        'OTEL_EXPORTER_OTLP_HEADERS',
        'OTEL_EXPORTER_OTLP_TRACES_HEADERS',
        ...['ETH', 'BSC', 'POLYGON', 'TRON'].flatMap((prefix) => [
          `${prefix}_RPC_URL`,
          `${prefix}_RPC_USER`,
          `${prefix}_RPC_PASSWORD`,
        ]),
        'TRON_HTTP_URL',
        'TRON_API_KEY',
      ].sort(),
    );
    // Left empty on purpose: a forgotten value stops the services at start instead of running with a
    // key or token someone copied from the repository.
    expect(secret[0]!.stringData.MASTER_KEY).toBe('');
    expect(secret[0]!.stringData.ADMIN_TOKEN).toBe('');
  });

  it('keeps no key both in the ConfigMap and in the Secret', () => {
    const both = Object.keys(configMap.data).filter((key) => key in secret[0]!.stringData);
    expect(both).toEqual([]);
  });
});
