import { existsSync } from 'node:fs';
import path from 'node:path';
import { SERVICE_FACTORIES } from '@gw/gateway';
import { CONFIG_DOCS } from '@gw/platform';
import { loadYaml, REPO_ROOT } from './support/repo-files';

type ComposeService = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const REGISTRY = SERVICE_FACTORIES.map(([name]) => name);
const ENGINES = ['kafka', 'schema-registry', 'mongodb', 'redis'];
const ENGINE_URLS = ['KAFKA_BROKERS', 'MONGODB_URL', 'REDIS_URL', 'SCHEMA_REGISTRY_URL'];
const DOCUMENTED_VARIABLES = new Set(CONFIG_DOCS.map((doc) => doc.name));

const compose = loadYaml('docker-compose.yml') as { services: Record<string, ComposeService> };
const services = Object.entries(compose.services);
const gatewayServices = services.filter(([, service]) => service.environment?.SERVICE !== undefined);
/** The one-shot topic creation runs to completion instead of staying up, so it has no health check. */
const ONE_SHOT = new Set(['kafka-topics']);

describe('docker-compose.yml', () => {
  it.each(services.map(([name, service]) => [name, service] as const))(
    '%s has an image or a build, and a health check unless it is a one-shot job',
    (name, service) => {
      expect(service.image ?? service.build).toBeDefined();
      if (ONE_SHOT.has(name)) {
        expect(service.restart).toBe('no');
        return;
      }
      expect(service.healthcheck?.disable).not.toBe(true);
      expect(Array.isArray(service.healthcheck?.test) && service.healthcheck.test.length).toBeGreaterThan(1);
    },
  );

  it('runs every service of the registry exactly once, under its own name', () => {
    const serviceNames = gatewayServices.map(([, service]) => service.environment.SERVICE as string);
    expect([...serviceNames].sort()).toEqual([...REGISTRY].sort());
    for (const [key, service] of gatewayServices) expect(service.environment.SERVICE).toBe(key);
  });

  it('depends only on services it defines, each with a condition', () => {
    for (const [name, service] of services) {
      for (const [dependency, condition] of Object.entries(service.depends_on ?? {})) {
        expect([name, compose.services[dependency] !== undefined]).toEqual([name, true]);
        expect(condition).toEqual({
          condition: expect.stringMatching(/^service_(healthy|completed_successfully)$/),
        });
      }
    }
  });

  it('runs the engines the architecture names', () => {
    expect(compose.services.kafka!.image).toMatch(/^apache\/kafka:3\.9\.1@/);
    expect(compose.services.kafka!.environment.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(compose.services['schema-registry']!.image).toMatch(/^confluentinc\/cp-schema-registry:/);
    expect(compose.services.mongodb!.image).toMatch(/^mongo:7/);
    expect(compose.services.mongodb!.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
    expect(compose.services.mongodb!.healthcheck.test.join(' ')).toContain("rs.initiate({ _id: 'rs0'");
    expect(compose.services.redis!.image).toMatch(/^redis:7/);
  });

  /**
   * Pinned: a tag can be pushed again with other contents, a digest cannot. The digests are the ones
   * public projects pin for these tags. MongoDB and the Schema Registry still float on their tags: no
   * digest of theirs could be confirmed from here (no registry access); pin them from `docker buildx
   * imagetools inspect <image>` on a machine with Docker, and take them off this list.
   */
  const AWAITING_A_VERIFIED_DIGEST = new Set(['mongodb', 'schema-registry']);
  it.each(
    services.filter(
      ([name, service]) => service.image && !service.build && !AWAITING_A_VERIFIED_DIGEST.has(name),
    ),
  )('%s pins its image by digest', (_name, service) => {
    expect(service.image).toMatch(/^[a-z0-9./-]+:[A-Za-z0-9._-]+@sha256:[0-9a-f]{64}$/);
  });

  it('creates the four topics before any service starts', () => {
    const script = compose.services['kafka-topics']!.command.join('\n');
    for (const topic of ['payments.commands', 'payments.replies', 'payments.events', 'chain.deposits']) {
      expect(script).toContain(topic);
    }
  });

  describe.each(gatewayServices.map(([name, service]) => [name, service] as const))(
    '%s',
    (_name, service) => {
      it('is built from the root Dockerfile', () => {
        expect(service.build).toEqual({ context: '.', dockerfile: 'Dockerfile' });
        expect(existsSync(path.join(REPO_ROOT, service.build.dockerfile))).toBe(true);
      });

      it('reaches every engine, and sets only documented variables', () => {
        for (const variable of ENGINE_URLS) expect(service.environment[variable]).toEqual(expect.any(String));
        for (const variable of Object.keys(service.environment))
          expect(DOCUMENTED_VARIABLES).toContain(variable);
      });

      it('waits for the engines to be healthy and reports readiness', () => {
        for (const engine of ENGINES) expect(service.depends_on).toHaveProperty(engine);
        expect(service.healthcheck.test.join(' ')).toContain('/health/ready');
      });

      it('runs read-only, with /tmp writable and no capabilities', () => {
        expect(service.read_only).toBe(true);
        expect(service.tmpfs).toEqual([expect.stringMatching(/^\/tmp(:|$)/)]);
        expect(service.cap_drop).toEqual(['ALL']);
      });
    },
  );

  it('mounts the proxy configuration from deploy/', () => {
    const [source, target] = (compose.services.proxy!.volumes[0] as string).split(':');
    expect(target).toBe('/etc/nginx/nginx.conf');
    expect(existsSync(path.join(REPO_ROOT, source!))).toBe(true);
  });
});
