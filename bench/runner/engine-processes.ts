import { readdir, readFile, readlink } from 'node:fs/promises';

/**
 * The pids of the engines' servers (Kafka, MongoDB/FerretDB, Redis), found by the local port each
 * URL names: the inode of the listening socket in /proc/net/tcp{,6}, then the process holding it.
 * An engine whose process this user cannot see (another container, no permission) is left out.
 */
export async function enginePids(env: Record<string, string>): Promise<Record<string, number>> {
  const ports: [string, number | undefined][] = [
    ['kafka', portOf(env.KAFKA_BROKERS?.split(',')[0], 9092)],
    ['mongodb', portOf(env.MONGODB_URL, 27017)],
    ['redis', portOf(env.REDIS_URL, 6379)],
  ];
  const inodes = await listeningInodes();
  const owners = await socketOwners();
  const pids: Record<string, number> = {};
  for (const [name, port] of ports) {
    const inode = port === undefined ? undefined : inodes.get(port);
    const pid = inode === undefined ? undefined : owners.get(inode);
    if (pid !== undefined) pids[`${name} (${await commandOf(pid)})`] = pid;
  }
  return pids;
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
