import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { engineControl } from './engine-control';
import { engineEnvironment, type EngineUrls } from './engines-env';
import { infraScript, startLocalEngines, type InfraScript } from './local-engines';

const INFRA_URLS: EngineUrls = {
  kafkaBrokers: '127.0.0.1:19092',
  mongodbUrl: 'mongodb://127.0.0.1:27018/gateway?retryWrites=false',
  redisUrl: 'redis://127.0.0.1:16379',
};
const INFRA_ENV = [
  `export KAFKA_BROKERS='${INFRA_URLS.kafkaBrokers}'`,
  `export MONGODB_URL='${INFRA_URLS.mongodbUrl}'`,
  `export REDIS_URL='${INFRA_URLS.redisUrl}'`,
  '',
].join('\n');

/** scripts/infra as the local provider sees it: env and up print the exports; every call is recorded. */
function fakeInfra(): { infra: InfraScript; calls: string[] } {
  const calls: string[] = [];
  const infra: InfraScript = async (args) => {
    calls.push(args.join(' '));
    return args[0] === 'env' || args[0] === 'up' ? INFRA_ENV : '';
  };
  return { infra, calls };
}

describe('the local provider', () => {
  it('uses URLs set in the environment as they are, and never runs scripts/infra', async () => {
    const { infra, calls } = fakeInfra();
    const given = { ...INFRA_URLS, kafkaBrokers: '127.0.0.1:29092' };
    const engines = await startLocalEngines({ urls: given, infra, enginesAnswer: async () => true });
    await engines.stop();
    expect(engineEnvironment(engines.urls, engines.handoff)).toEqual({
      KAFKA_BROKERS: '127.0.0.1:29092',
      MONGODB_URL: INFRA_URLS.mongodbUrl,
      REDIS_URL: INFRA_URLS.redisUrl,
      ENGINES_PROVIDER: 'local',
    });
    expect(calls).toEqual([]);
  });

  it('exports the URLs of engines scripts/infra already runs, and leaves them running', async () => {
    const { infra, calls } = fakeInfra();
    const asked: EngineUrls[] = [];
    const engines = await startLocalEngines({
      urls: null,
      infra,
      enginesAnswer: async (urls) => (asked.push(urls), true),
    });
    await engines.stop();
    expect(engines.urls).toEqual(INFRA_URLS);
    expect(asked).toEqual([INFRA_URLS]);
    expect(calls).toEqual(['env']);
  });

  it('starts the engines with scripts/infra up when they do not answer, and stops them at the end', async () => {
    const { infra, calls } = fakeInfra();
    const engines = await startLocalEngines({ urls: null, infra, enginesAnswer: async () => false });
    expect(engines.urls).toEqual(INFRA_URLS);
    expect(calls).toEqual(['env', 'up']);
    await engines.stop();
    expect(calls).toEqual(['env', 'up', 'down']);
  });

  it('restarts an engine for a fault test with scripts/infra restart', async () => {
    const { infra, calls } = fakeInfra();
    const control = engineControl({ provider: 'local' }, infra);
    await control.restart('kafka');
    await control.restart('redis');
    expect(calls).toEqual(['restart kafka', 'restart redis']);
  });
});

describe('running scripts/infra', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fake-infra-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function script(body: string): Promise<string> {
    const file = path.join(dir, 'infra');
    await writeFile(file, `#!/usr/bin/env bash\n${body}\n`);
    await chmod(file, 0o755);
    return file;
  }

  it('returns what it printed on stdout, with its arguments passed through', async () => {
    const file = await script(`echo "$*" > "${dir}/args"; printf "${INFRA_ENV}"`);
    expect(await infraScript(file)(['up'])).toBe(INFRA_ENV);
    expect(await readFile(path.join(dir, 'args'), 'utf8')).toBe('up\n');
  });

  it('fails with the command and its exit code when it fails', async () => {
    const file = await script('exit 3');
    await expect(infraScript(file)(['restart', 'kafka'])).rejects.toThrow(
      'scripts/infra restart kafka failed (exit 3)',
    );
  });
});
