import { SERVICE_FACTORIES } from '@gw/gateway';
import { CONFIG_DOCS } from '@gw/platform';
import {
  commentedKeys,
  documentedOutboundConnections,
  missingVariables,
  readmeConfigurationVariables,
  refusedConnections,
} from './support/config-completeness';
import { NetworkPolicies } from './support/network-policy';
import { k8sYamlFiles, loadManifests, loadYaml, readRepoFile } from './support/repo-files';

type K8sObject = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SERVICES = SERVICE_FACTORIES.map(([name]) => name);
const README_VARIABLES = readmeConfigurationVariables();
const SECRETS = CONFIG_DOCS.filter((doc) => doc.secret).map((doc) => doc.name);

const base = k8sYamlFiles()
  .flatMap(loadManifests)
  .map((document) => document.object as K8sObject);
const configMap = base.find((object) => object.kind === 'ConfigMap')!;
const secret = loadManifests('k8s/secret.template.yaml')[0]!.object as K8sObject;
const deploymentEnv = (objects: K8sObject[]) =>
  objects
    .filter((object) => object.kind === 'Deployment')
    .flatMap((object) =>
      object.spec.template.spec.containers[0].env.map((env: K8sObject) => env.name as string),
    );

/** Where Kubernetes gets each variable: the ConfigMap, the Secret template, or a Deployment's own env. */
const k8sVariables = [
  ...Object.keys(configMap.data),
  ...commentedKeys(readRepoFile('k8s/configmap.yaml')),
  ...Object.keys(secret.stringData),
  ...commentedKeys(readRepoFile('k8s/secret.template.yaml')),
  ...deploymentEnv(base),
];

const compose = loadYaml('docker-compose.yml') as { services: Record<string, K8sObject> };
const composeVariables = [
  ...Object.values(compose.services).flatMap((service) =>
    service.environment?.SERVICE ? Object.keys(service.environment) : [],
  ),
  ...commentedKeys(readRepoFile('docker-compose.yml')),
];

describe('the README configuration table', () => {
  it('is read whole, and lists exactly the variables config-docs.ts documents', () => {
    expect(README_VARIABLES.length).toBeGreaterThan(60);
    expect([...README_VARIABLES].sort()).toEqual(CONFIG_DOCS.map((doc) => doc.name).sort());
  });

  it('has every variable in the Kubernetes manifests and in docker-compose.yml', () => {
    expect(
      missingVariables(README_VARIABLES, { k8s: k8sVariables, 'docker-compose.yml': composeVariables }),
    ).toEqual({});
  });

  it('keeps every secret in the Secret template, never in the ConfigMap', () => {
    expect(SECRETS.filter((name) => !(name in secret.stringData))).toEqual([]);
    expect(SECRETS.filter((name) => name in configMap.data)).toEqual([]);
  });

  it('the check names what a manifest lacks', () => {
    const withoutEth = k8sVariables.filter((name) => name !== 'ETH_RPC_URL');
    expect(missingVariables(README_VARIABLES, { k8s: withoutEth, compose: composeVariables })).toEqual({
      k8s: ['ETH_RPC_URL'],
    });
    expect(commentedKeys('data:\n  # KAFKA_SASL_MECHANISM: plain\n  # a note: not a key\n')).toEqual([
      'KAFKA_SASL_MECHANISM',
    ]);
  });
});

describe('the documented outbound connections', () => {
  const connections = documentedOutboundConnections();
  const policies = base.filter((object) => object.kind === 'NetworkPolicy');
  const podOf = (objects: K8sObject[]) => (service: string) =>
    objects.find((object) => object.kind === 'Deployment' && object.metadata.name === service)!.spec.template
      .metadata.labels as Record<string, string>;

  it('name the node, collector and engine ports', () => {
    const ports = new Set(connections.flatMap((connection) => connection.ports));
    for (const port of [8332, 9332, 8545, 443, 4317, 4318, 9092, 27017, 6379, 53])
      expect(ports).toContain(port);
  });

  it('are each allowed by the NetworkPolicies of k8s/', () => {
    expect(
      refusedConnections(connections, new NetworkPolicies(policies, { http: 8080 }), podOf(base), SERVICES),
    ).toEqual([]);
  });

  it('the check names a connection a policy refuses', () => {
    const withoutOtlp = policies.filter((policy) => policy.metadata.name !== 'otlp-collector');
    const refused = refusedConnections(
      connections,
      new NetworkPolicies(withoutOtlp, { http: 8080 }),
      podOf(base),
      SERVICES,
    );
    expect(refused).toHaveLength(SERVICES.length * 2);
    expect(refused[0]).toBe(
      `${SERVICES[0]} → ${connections.find((c) => c.ports.includes(4317))!.to} at {"namespace":"monitoring"}:4317`,
    );
  });
});
