import { existsSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_DOCS } from '@gw/platform';
import { createK8sSchemaValidator } from './support/k8s-schema';
import { applyJsonPatch, buildKustomization, type PatchOperation } from './support/kustomize';
import { k8sYamlFiles, loadManifests, loadYaml, REPO_ROOT } from './support/repo-files';

type K8sObject = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const validator = createK8sSchemaValidator();
const base = k8sYamlFiles()
  .flatMap(loadManifests)
  .map((document) => document.object as K8sObject);
const inBase = (kind: string, name: string) =>
  base.some((object) => object.kind === kind && object.metadata?.name === name);
const DOCUMENTED_VARIABLES = new Set(CONFIG_DOCS.map((doc) => doc.name));

const kustomizationOf = (dir: string) => loadYaml(`${dir}/kustomization.yaml`) as K8sObject;
const resourcesOf = (dir: string): K8sObject[] =>
  (kustomizationOf(dir).resources as string[]).flatMap((resource) =>
    loadManifests(path.join(dir, resource)).map((document) => document.object as K8sObject),
  );
const OVERLAYS = ['deploy/kustomize/dev', 'deploy/kustomize/production'];
const COMPONENTS = ['k8s/components/admin-ingress', 'k8s/components/monitoring'];

describe.each(OVERLAYS)('the %s overlay', (overlay) => {
  const kustomization = kustomizationOf(overlay);

  it('builds on the base and names components and patches that exist', () => {
    expect(kustomization).toMatchObject({
      apiVersion: 'kustomize.config.k8s.io/v1beta1',
      kind: 'Kustomization',
    });
    expect(kustomization.resources).toEqual(['../../../k8s']);
    for (const component of kustomization.components ?? []) {
      const dir = path.join(overlay, component);
      expect(kustomizationOf(dir)).toMatchObject({ kind: 'Component' });
    }
    for (const patch of kustomization.patches ?? [])
      expect(existsSync(path.join(REPO_ROOT, overlay, patch.path))).toBe(true);
  });

  it('patches only objects and fields the base has', () => {
    for (const patch of kustomization.patches ?? []) {
      if (patch.target) {
        // A JSON 6902 patch: every object of the target kind has the fields it replaces or removes,
        // and the parent of each field it adds.
        const targets = base.filter((object) => object.kind === patch.target.kind);
        expect(targets.length).toBeGreaterThan(0);
        const operations = loadYaml(path.join(overlay, patch.path)) as PatchOperation[];
        for (const target of targets) {
          expect(operations.map((operation) => operation.op)).toEqual(
            operations.map(() => expect.stringMatching(/^(replace|remove|add)$/)),
          );
          expect(() => applyJsonPatch(structuredClone(target), operations)).not.toThrow();
        }
      } else {
        const object = loadYaml(path.join(overlay, patch.path)) as K8sObject;
        expect(inBase(object.kind, object.metadata.name)).toBe(true);
        if (object.kind === 'ConfigMap')
          for (const key of Object.keys(object.data)) expect(DOCUMENTED_VARIABLES).toContain(key);
      }
    }
  });

  const built = buildKustomization(overlay);

  it('builds to objects valid against the Kubernetes schemas, all in the cryptogate namespace', () => {
    for (const object of built.filter((o) => validator.kinds.includes(`${o.apiVersion} ${o.kind}`)))
      expect({
        object: `${object.kind}/${object.metadata.name}`,
        errors: validator.validate(object),
      }).toEqual({
        object: `${object.kind}/${object.metadata.name}`,
        errors: [],
      });
    for (const object of built.filter((o) => o.kind !== 'Namespace'))
      expect(object.metadata.namespace).toBe('cryptogate');
  });

  it('lets every service lose a pod to a drain at its fewest replicas', () => {
    const budgets = built.filter((object) => object.kind === 'PodDisruptionBudget');
    expect(budgets.length).toBeGreaterThan(0);
    for (const budget of budgets) {
      const autoscaler = built.find(
        (object) =>
          object.kind === 'HorizontalPodAutoscaler' && object.metadata.name === budget.metadata.name,
      )!;
      expect({
        service: budget.metadata.name,
        evictableAtMinimum: evictablePods(budget.spec, autoscaler.spec.minReplicas),
      }).toEqual({ service: budget.metadata.name, evictableAtMinimum: expect.any(Number) });
      expect(evictablePods(budget.spec, autoscaler.spec.minReplicas)).toBeGreaterThanOrEqual(1);
    }
  });
});

/** How many of `replicas` healthy pods a budget lets the eviction API take (integer budgets only). */
function evictablePods(spec: K8sObject, replicas: number): number {
  if (spec.minAvailable !== undefined) return replicas - Number(spec.minAvailable);
  return Number(spec.maxUnavailable);
}

describe('the profiles', () => {
  it('dev puts the admin API on the internal Ingress; production adds monitoring and keeps the admin API off', () => {
    expect(kustomizationOf('deploy/kustomize/dev').components).toEqual([
      '../../../k8s/components/admin-ingress',
    ]);
    expect(kustomizationOf('deploy/kustomize/production').components).toEqual([
      '../../../k8s/components/monitoring',
    ]);
  });
});

describe.each(COMPONENTS)('the %s component', (component) => {
  const objects = resourcesOf(component);

  it('has objects valid against the Kubernetes schemas (the Prometheus Operator kinds are checked below)', () => {
    for (const object of objects.filter((o) => validator.kinds.includes(`${o.apiVersion} ${o.kind}`)))
      expect({
        object: `${object.kind}/${object.metadata.name}`,
        errors: validator.validate(object),
      }).toEqual({
        object: `${object.kind}/${object.metadata.name}`,
        errors: [],
      });
  });

  it('adds objects the base does not have', () => {
    for (const object of objects) expect(inBase(object.kind, object.metadata.name)).toBe(false);
  });
});

describe('the monitoring component', () => {
  const objects = resourcesOf('k8s/components/monitoring');
  const serviceMonitor = objects.find((object) => object.kind === 'ServiceMonitor')!;
  const rule = objects.find((object) => object.kind === 'PrometheusRule')!;

  it('scrapes /metrics on the http port of every Service', () => {
    expect(serviceMonitor.apiVersion).toBe('monitoring.coreos.com/v1');
    const services = base.filter((object) => object.kind === 'Service');
    expect(services.length).toBeGreaterThan(0);
    for (const service of services) {
      const labels = service.metadata.labels as Record<string, string>;
      for (const [key, value] of Object.entries(serviceMonitor.spec.selector.matchLabels))
        expect(labels[key]).toBe(value);
      expect(service.spec.ports.map((port: K8sObject) => port.name)).toContain(
        serviceMonitor.spec.endpoints[0].port,
      );
    }
    expect(serviceMonitor.spec.endpoints).toEqual([expect.objectContaining({ path: '/metrics' })]);
  });

  it('carries exactly the alert rules of deploy/monitoring/alerts.yaml', () => {
    expect(rule.apiVersion).toBe('monitoring.coreos.com/v1');
    expect(rule.spec).toEqual(loadYaml('deploy/monitoring/alerts.yaml'));
  });
});
