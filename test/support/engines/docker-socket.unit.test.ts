import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { answeringDocker, dockerEndpoints } from './docker-socket';

const NO_DOCKER_HOST = { dockerHost: null, xdgRuntimeDir: null, home: '/home/merchant', uid: 1000 };

describe('where Docker is looked for', () => {
  it('DOCKER_HOST alone when it is set', () => {
    expect(dockerEndpoints({ ...NO_DOCKER_HOST, dockerHost: 'unix:///tmp/x/docker.sock' })).toEqual([
      { kind: 'unix', socketPath: '/tmp/x/docker.sock' },
    ]);
    expect(dockerEndpoints({ ...NO_DOCKER_HOST, dockerHost: 'tcp://127.0.0.1:2375' })).toEqual([
      { kind: 'tcp', url: 'tcp://127.0.0.1:2375' },
    ]);
  });

  it('otherwise the rootless, Docker Desktop and system sockets, in testcontainers order', () => {
    expect(dockerEndpoints({ ...NO_DOCKER_HOST, xdgRuntimeDir: '/run/user/1000', uid: 1000 })).toEqual(
      [
        '/run/user/1000/docker.sock',
        '/home/merchant/.docker/run/docker.sock',
        '/home/merchant/.docker/desktop/docker.sock',
        '/var/run/docker.sock',
      ].map((socketPath) => ({ kind: 'unix', socketPath })),
    );
  });

  it("looks in the user's run directory by uid when XDG_RUNTIME_DIR is unset", () => {
    expect(dockerEndpoints({ ...NO_DOCKER_HOST, uid: 1001 })).toContainEqual({
      kind: 'unix',
      socketPath: '/run/user/1001/docker.sock',
    });
  });
});

describe('whether a Docker engine answers', () => {
  let dir: string;
  let servers: Server[];

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fake-docker-'));
    servers = [];
  });
  afterEach(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await rm(dir, { recursive: true, force: true });
  });

  /** A stand-in for the Docker engine's API on a unix socket: /_ping answers with `status`. */
  async function fakeDocker(name: string, status: number): Promise<string> {
    const socketPath = path.join(dir, name);
    const server = createServer((request, response) => {
      response.writeHead(request.url === '/_ping' ? status : 404).end('OK');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    return socketPath;
  }

  it('finds the first socket whose engine answers its ping', async () => {
    const broken = await fakeDocker('broken.sock', 500);
    const working = await fakeDocker('docker.sock', 200);
    const endpoints = [path.join(dir, 'absent.sock'), broken, working].map((socketPath) => ({
      kind: 'unix' as const,
      socketPath,
    }));
    expect(await answeringDocker(endpoints)).toBe(`unix://${working}`);
  });

  it('finds none when the socket file is left over from an engine that stopped', async () => {
    const stale = path.join(dir, 'docker.sock');
    await writeFile(stale, '');
    expect(await answeringDocker([{ kind: 'unix', socketPath: stale }])).toBeNull();
  });

  it('finds the socket DOCKER_HOST names, through the same lookup the global setup makes', async () => {
    const socketPath = await fakeDocker('docker.sock', 200);
    const endpoints = dockerEndpoints({ ...NO_DOCKER_HOST, dockerHost: `unix://${socketPath}` });
    expect(await answeringDocker(endpoints)).toBe(`unix://${socketPath}`);
  });

  it('takes a TCP DOCKER_HOST at its word (it may need TLS, which testcontainers sets up)', async () => {
    expect(await answeringDocker([{ kind: 'tcp', url: 'tcp://127.0.0.1:2376' }])).toBe(
      'tcp://127.0.0.1:2376',
    );
  });
});
