import { existsSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import type { DockerLocation } from './engines-env';

export type DockerEndpoint = { kind: 'unix'; socketPath: string } | { kind: 'tcp'; url: string };

/**
 * Where testcontainers would look for Docker, in its order: DOCKER_HOST alone when set, else the
 * rootless and Docker Desktop sockets, then the system one.
 */
export function dockerEndpoints(location: DockerLocation): DockerEndpoint[] {
  if (location.dockerHost !== null) {
    return location.dockerHost.startsWith('unix://')
      ? [{ kind: 'unix', socketPath: location.dockerHost.slice('unix://'.length) }]
      : [{ kind: 'tcp', url: location.dockerHost }];
  }
  const sockets = [
    location.xdgRuntimeDir === null ? null : path.join(location.xdgRuntimeDir, 'docker.sock'),
    path.join(location.home, '.docker', 'run', 'docker.sock'),
    path.join(location.home, '.docker', 'desktop', 'docker.sock'),
    path.join('/run', 'user', String(location.uid), 'docker.sock'),
    '/var/run/docker.sock',
  ];
  const distinct = new Set(sockets.filter((socketPath) => socketPath !== null));
  return [...distinct].map((socketPath) => ({ kind: 'unix', socketPath }));
}

/**
 * The first endpoint whose Docker engine answers its /_ping, or null. A TCP DOCKER_HOST is taken at
 * its word: it may need TLS, which testcontainers sets up and this probe does not.
 */
export async function answeringDocker(
  endpoints: DockerEndpoint[],
  timeoutMs = 2_000,
): Promise<string | null> {
  for (const endpoint of endpoints) {
    if (endpoint.kind === 'tcp') return endpoint.url;
    if (existsSync(endpoint.socketPath) && (await pings(endpoint.socketPath, timeoutMs))) {
      return `unix://${endpoint.socketPath}`;
    }
  }
  return null;
}

function pings(socketPath: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const ping = request({ socketPath, path: '/_ping', method: 'GET', timeout: timeoutMs }, (answer) => {
      answer.resume();
      resolve(answer.statusCode === 200);
    });
    ping.once('timeout', () => ping.destroy());
    ping.once('error', () => resolve(false));
    ping.end();
  });
}
