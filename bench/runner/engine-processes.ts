import { readdir, readFile, readlink } from 'node:fs/promises';

/** An engine's server process; `withDescendants`: its CPU time counts the processes it forked. */
export interface EngineProcess {
  pid: number;
  withDescendants: boolean;
}

/**
 * The engines' servers (Kafka, MongoDB/FerretDB, Redis), found by the local port each URL names: the
 * inode of the listening socket in /proc/net/tcp{,6}, then the process holding it. FerretDB on
 * PostgreSQL brings PostgreSQL too (its `--postgresql-url` port), sampled with the backend it forks
 * per connection, where FerretDB's pushed-down filters run. An engine whose process this user cannot
 * see (another container, no permission) is left out.
 */
export async function enginePids(env: Record<string, string>): Promise<Record<string, EngineProcess>> {
  const ports: [string, number | undefined][] = [
    ['kafka', portOf(env.KAFKA_BROKERS?.split(',')[0], 9092)],
    ['mongodb', portOf(env.MONGODB_URL, 27017)],
    ['redis', portOf(env.REDIS_URL, 6379)],
  ];
  const inodes = await listeningInodes();
  const owners = await socketOwners();
  const listener = (port: number | undefined) => {
    const inode = port === undefined ? undefined : inodes.get(port);
    return inode === undefined ? undefined : owners.get(inode);
  };
  const engines: Record<string, EngineProcess> = {};
  for (const [name, port] of ports) {
    const pid = listener(port);
    if (pid === undefined) continue;
    engines[`${name} (${await commandOf(pid)})`] = { pid, withDescendants: false };
    const storage = await postgresqlPortOf(pid);
    const postgres = listener(storage);
    if (postgres !== undefined) {
      engines[`postgresql (${await commandOf(postgres)} and its backends)`] = {
        pid: postgres,
        withDescendants: true,
      };
    }
  }
  return engines;
}

/** The PostgreSQL port of a FerretDB started with `--postgresql-url=postgres://…`, else undefined. */
async function postgresqlPortOf(pid: number): Promise<number | undefined> {
  const args = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0');
  const url = args.find((arg) => arg.startsWith('--postgresql-url='))?.slice('--postgresql-url='.length);
  return portOf(url, 5432);
}

function portOf(address: string | undefined, fallback: number): number | undefined {
  if (!address) return undefined;
  try {
    const url = new URL(address.includes('://') ? address : `tcp://${address}`);
    return url.port ? Number(url.port) : fallback;
  } catch {
    return undefined;
  }
}

/** Local port → socket inode of every listening TCP socket (state 0A). */
async function listeningInodes(): Promise<Map<number, string>> {
  const inodes = new Map<number, string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] !== '0A' || !fields[1] || !fields[9]) continue;
      inodes.set(parseInt(fields[1].split(':')[1]!, 16), fields[9]);
    }
  }
  return inodes;
}

/** Socket inode → pid, from the file descriptors of every process this user may read. */
async function socketOwners(): Promise<Map<string, number>> {
  const owners = new Map<string, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fds = await readdir(`/proc/${entry}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const target = await readlink(`/proc/${entry}/fd/${fd}`).catch(() => '');
      const match = /^socket:\[(\d+)\]$/.exec(target);
      if (match) owners.set(match[1]!, Number(entry));
    }
  }
  return owners;
}

async function commandOf(pid: number): Promise<string> {
  return (await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '?')).trim();
}
