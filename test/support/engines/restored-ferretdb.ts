import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeLoopbackPort } from '@gw/platform';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
/** The FerretDB version scripts/lib/infra-ferretdb.sh builds. */
const FERRETDB_VERSION = '1.24.2';

/** Where scripts/infra keeps its engines: INFRA_DIR, as in scripts/lib/infra-common.sh. */
const infraDir = (): string => process.env.INFRA_DIR ?? path.join(REPO_ROOT, '.infra');

/**
 * The URL the FerretDB of scripts/infra runs with (`--postgresql-url`), as in scripts/lib/infra-ferretdb.sh:
 * the `ferretdb` role (trust auth on loopback) and database on INFRA_POSTGRES_PORT.
 */
export function infraPostgresUrl(database = 'ferretdb'): string {
  const port = process.env.INFRA_POSTGRES_PORT ?? '15432';
  return `postgres://ferretdb@127.0.0.1:${port}/${database}`;
}

/** A FerretDB process of its own on one PostgreSQL database (a restored one), on a free loopback port. */
export class RestoredFerretDb {
  private constructor(
    private readonly child: ChildProcess,
    private readonly stateDir: string,
    readonly mongodbUrl: string,
  ) {}

  static async start(postgresqlUrl: string): Promise<RestoredFerretDb> {
    const binary = path.join(infraDir(), 'install', `ferretdb-${FERRETDB_VERSION}`, 'bin', 'ferretdb');
    if (!existsSync(binary))
      throw new Error(
        `no FerretDB at ${binary}: run scripts/infra up (it builds FerretDB), or set INFRA_DIR`,
      );
    const port = await freeLoopbackPort();
    const stateDir = await mkdtemp(path.join(tmpdir(), 'restored-ferretdb-'));
    const child = spawn(
      binary,
      [
        '--handler=postgresql',
        `--postgresql-url=${postgresqlUrl}`,
        `--listen-addr=127.0.0.1:${port}`,
        `--state-dir=${stateDir}`,
        '--debug-addr=-',
        '--telemetry=disable',
        '--log-level=error',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const ferretdb = new RestoredFerretDb(child, stateDir, `mongodb://127.0.0.1:${port}/?retryWrites=false`);
    const exited = once(child, 'exit').then(([code]) => {
      throw new Error(`FerretDB on ${postgresqlUrl} exited (${String(code)}) before answering`);
    });
    await Promise.race([ferretdb.untilAnswering(port), exited]);
    return ferretdb;
  }

  /** Tries to connect until FerretDB listens (or exits), a pause between tries. */
  private async untilAnswering(port: number): Promise<void> {
    while (this.child.exitCode === null && this.child.signalCode === null) {
      const listening = await new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      if (listening) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGTERM');
      await once(this.child, 'exit');
    }
    await rm(this.stateDir, { recursive: true, force: true });
  }
}
