import { execFileSync } from 'node:child_process';
import {
  engineEnvironment,
  parseInfraEnv,
  readEngineHandoff,
  readEnginesSettings,
  type EngineUrls,
} from './engines-env';
import { INFRA_SCRIPT } from './local-engines';

const URLS = {
  KAFKA_BROKERS: '127.0.0.1:19092',
  MONGODB_URL: 'mongodb://127.0.0.1:27018/gateway?retryWrites=false',
  REDIS_URL: 'redis://127.0.0.1:16379',
};

describe('the engines switch', () => {
  it.each(['local', 'testcontainers'] as const)('ENGINES_PROVIDER=%s is taken as asked', (provider) => {
    expect(readEnginesSettings({ ENGINES_PROVIDER: provider }).requestedProvider).toBe(provider);
  });

  it('leaves the choice to auto-detection when ENGINES_PROVIDER is unset or empty', () => {
    expect(readEnginesSettings({}).requestedProvider).toBeNull();
    expect(readEnginesSettings({ ENGINES_PROVIDER: '' }).requestedProvider).toBeNull();
  });

  it('refuses a provider it does not know, naming the ones it does', () => {
    expect(() => readEnginesSettings({ ENGINES_PROVIDER: 'docker' })).toThrow(
      'ENGINES_PROVIDER must be one of local, testcontainers, not "docker"',
    );
  });
});

describe('the engine URLs from the environment', () => {
  it('reads all three', () => {
    expect(readEnginesSettings(URLS).urls).toEqual({
      kafkaBrokers: URLS.KAFKA_BROKERS,
      mongodbUrl: URLS.MONGODB_URL,
      redisUrl: URLS.REDIS_URL,
    });
  });

  it('reads none as no URLs', () => {
    expect(readEnginesSettings({}).urls).toBeNull();
  });

  it('refuses half a set, naming what is missing', () => {
    expect(() => readEnginesSettings({ KAFKA_BROKERS: URLS.KAFKA_BROKERS })).toThrow(
      'MONGODB_URL and REDIS_URL unset: set all of KAFKA_BROKERS, MONGODB_URL, REDIS_URL or none',
    );
  });

  it('reads where Docker may answer from DOCKER_HOST and XDG_RUNTIME_DIR', () => {
    const { docker } = readEnginesSettings({
      DOCKER_HOST: 'unix:///tmp/d.sock',
      XDG_RUNTIME_DIR: '/run/user/7',
    });
    expect(docker).toMatchObject({ dockerHost: 'unix:///tmp/d.sock', xdgRuntimeDir: '/run/user/7' });
    expect(readEnginesSettings({}).docker).toMatchObject({ dockerHost: null, xdgRuntimeDir: null });
  });
});

describe('scripts/infra env output', () => {
  it('gives the URLs of the engines on the ports scripts/infra is told', () => {
    const output = execFileSync(INFRA_SCRIPT, ['env'], {
      env: {
        PATH: process.env.PATH,
        INFRA_KAFKA_PORT: '1111',
        INFRA_FERRETDB_PORT: '2222',
        INFRA_REDIS_PORT: '3333',
        INFRA_REGISTRY_PORT: '4444',
      },
      encoding: 'utf8',
    });
    expect(parseInfraEnv(output)).toEqual({
      kafkaBrokers: '127.0.0.1:1111',
      mongodbUrl: 'mongodb://127.0.0.1:2222/gateway?retryWrites=false',
      redisUrl: 'redis://127.0.0.1:3333',
      schemaRegistryUrl: 'http://127.0.0.1:4444/apis/ccompat/v7',
    });
  });

  it('ignores progress lines around the exports and fails when there are none', () => {
    const exports = Object.entries(URLS).map(([name, value]) => `export ${name}='${value}'`);
    expect(parseInfraEnv(['infra: kafka started', ...exports, ''].join('\n')).redisUrl).toBe(URLS.REDIS_URL);
    expect(() => parseInfraEnv('infra: nothing\n')).toThrow('scripts/infra printed no engine URLs');
  });
});

describe('what the global setup hands to the test workers', () => {
  const urls: EngineUrls = {
    kafkaBrokers: 'localhost:32001',
    mongodbUrl: 'mongodb://localhost:32002/gateway?directConnection=true',
    redisUrl: 'redis://localhost:32003',
  };

  it('local: the URLs and the provider, which the fault tests read back', () => {
    const exported = engineEnvironment(urls, { provider: 'local' });
    expect(exported).toEqual({
      KAFKA_BROKERS: urls.kafkaBrokers,
      MONGODB_URL: urls.mongodbUrl,
      REDIS_URL: urls.redisUrl,
      ENGINES_PROVIDER: 'local',
    });
    expect(readEngineHandoff(exported)).toEqual({ provider: 'local' });
  });

  it('testcontainers: also the ids of the containers a fault test restarts', () => {
    const handoff = {
      provider: 'testcontainers',
      urls,
      containerIds: { kafka: 'c0ffee', redis: 'bead' },
    } as const;
    const exported = engineEnvironment(urls, handoff);
    expect(exported).toMatchObject({
      ENGINES_KAFKA_CONTAINER_ID: 'c0ffee',
      ENGINES_REDIS_CONTAINER_ID: 'bead',
    });
    expect(readEngineHandoff(exported)).toEqual(handoff);
  });

  it('a worker told testcontainers without the container ids says where they come from', () => {
    expect(() => readEngineHandoff({ ENGINES_PROVIDER: 'testcontainers', ...URLS })).toThrow(
      /ENGINES_KAFKA_CONTAINER_ID, ENGINES_REDIS_CONTAINER_ID .* int, processes or faults project/,
    );
  });

  it('a worker without a provider (engines given from outside) controls them with scripts/infra', () => {
    expect(readEngineHandoff(URLS)).toEqual({ provider: 'local' });
  });
});
