import type { EnginesProvider, EngineUrls } from './engines-env';
import {
  chooseEnginesProvider,
  startEngines,
  type EngineProviders,
  type RunningEngines,
} from './start-engines';

const GIVEN: EngineUrls = {
  kafkaBrokers: '127.0.0.1:19092',
  mongodbUrl: 'mongodb://127.0.0.1:27018/gateway?retryWrites=false',
  redisUrl: 'redis://127.0.0.1:16379',
};
const CONTAINERS: EngineUrls = {
  kafkaBrokers: 'localhost:32001',
  mongodbUrl: 'mongodb://localhost:32002/gateway?directConnection=true',
  redisUrl: 'redis://localhost:32003',
};

/** Providers whose probes answer as told and which record what was started. */
function fakeProviders(machine: { localEngines: boolean; docker: string | null }) {
  const started: string[] = [];
  const probed: string[] = [];
  const providers: EngineProviders = {
    localEnginesAnswer: async () => {
      probed.push('local engines');
      return machine.localEngines;
    },
    answeringDocker: async () => {
      probed.push('docker');
      return machine.docker;
    },
    startLocal: async (urls) => {
      started.push(urls === null ? 'local from scripts/infra' : 'local as given');
      return { urls: urls ?? GIVEN, handoff: { provider: 'local' }, stop: async () => undefined };
    },
    startContainers: async (): Promise<RunningEngines> => {
      started.push('containers');
      const containerIds = { kafka: 'k1', redis: 'r1' };
      return {
        urls: CONTAINERS,
        handoff: { provider: 'testcontainers', urls: CONTAINERS, containerIds },
        stop: async () => undefined,
      };
    },
  };
  return { providers, started, probed };
}

const settings = (requestedProvider: EnginesProvider | null, urls: EngineUrls | null) => ({
  requestedProvider,
  urls,
  docker: { dockerHost: null, xdgRuntimeDir: null, home: '/home/sre', uid: 1000 },
});

describe('choosing the engines provider', () => {
  describe('when ENGINES_PROVIDER is set', () => {
    it.each(['local', 'testcontainers'] as const)(
      '%s wins over anything the machine offers',
      async (provider) => {
        const { providers, probed } = fakeProviders({
          localEngines: true,
          docker: 'unix:///var/run/docker.sock',
        });
        expect(await chooseEnginesProvider(settings(provider, GIVEN), providers)).toEqual({
          provider,
          why: 'ENGINES_PROVIDER',
        });
        expect(probed).toEqual([]);
      },
    );
  });

  describe('when it is not', () => {
    it('picks local when the engine URLs are set, without probing anything', async () => {
      const { providers, probed } = fakeProviders({
        localEngines: false,
        docker: 'unix:///var/run/docker.sock',
      });
      expect(await chooseEnginesProvider(settings(null, GIVEN), providers)).toMatchObject({
        provider: 'local',
      });
      expect(probed).toEqual([]);
    });

    it("picks local when scripts/infra's engines answer, even where Docker answers too", async () => {
      const { providers, probed } = fakeProviders({
        localEngines: true,
        docker: 'unix:///var/run/docker.sock',
      });
      expect(await chooseEnginesProvider(settings(null, null), providers)).toEqual({
        provider: 'local',
        why: "scripts/infra's engines answer",
      });
      expect(probed).toEqual(['local engines']);
    });

    it('picks testcontainers when only a Docker engine answers', async () => {
      const { providers } = fakeProviders({
        localEngines: false,
        docker: 'unix:///home/sre/.docker/run/docker.sock',
      });
      expect(await chooseEnginesProvider(settings(null, null), providers)).toEqual({
        provider: 'testcontainers',
        why: 'Docker answers at unix:///home/sre/.docker/run/docker.sock',
      });
    });

    it('falls back to local (scripts/infra up) when nothing answers', async () => {
      const { providers, probed } = fakeProviders({ localEngines: false, docker: null });
      expect(await chooseEnginesProvider(settings(null, null), providers)).toMatchObject({
        provider: 'local',
      });
      expect(probed).toEqual(['local engines', 'docker']);
    });
  });
});

describe('starting the engines', () => {
  it('exports the given URLs as they are when they are set', async () => {
    const { providers, started } = fakeProviders({ localEngines: false, docker: null });
    const { environment } = await startEngines(settings(null, GIVEN), providers);
    expect(started).toEqual(['local as given']);
    expect(environment).toEqual({
      KAFKA_BROKERS: GIVEN.kafkaBrokers,
      MONGODB_URL: GIVEN.mongodbUrl,
      REDIS_URL: GIVEN.redisUrl,
      ENGINES_PROVIDER: 'local',
    });
  });

  it("exports the containers' URLs and ids, replacing URLs set by hand, when testcontainers is asked for", async () => {
    const { providers, started } = fakeProviders({ localEngines: true, docker: null });
    const { environment } = await startEngines(settings('testcontainers', GIVEN), providers);
    expect(started).toEqual(['containers']);
    expect(environment).toEqual({
      KAFKA_BROKERS: CONTAINERS.kafkaBrokers,
      MONGODB_URL: CONTAINERS.mongodbUrl,
      REDIS_URL: CONTAINERS.redisUrl,
      ENGINES_PROVIDER: 'testcontainers',
      ENGINES_KAFKA_CONTAINER_ID: 'k1',
      ENGINES_REDIS_CONTAINER_ID: 'r1',
    });
  });
});
