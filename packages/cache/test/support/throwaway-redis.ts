import { spawn, type ChildProcess } from 'node:child_process';
import { freeLoopbackPort } from '@gw/platform';

const REDIS_SERVER = '/usr/bin/redis-server';

/**
 * A redis-server of the test's own on a loopback port, without persistence, that the test may kill and
 * start again on the same port (the shared engines' Redis is never restarted by tests).
 */
export class ThrowawayRedis {
  private process: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<ThrowawayRedis> {
    const redis = new ThrowawayRedis(await freeLoopbackPort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server and resolves once it accepts connections. */
  async start(): Promise<void> {
    if (this.process) throw new Error('the throwaway Redis is already running');
    const child = spawn(
      REDIS_SERVER,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.process = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          child.stdout?.off('data', onData);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.once('error', reject);
      child.once('exit', (code) =>
        reject(new Error(`redis-server exited with ${code} at start:\n${output}`)),
      );
    });
    child.stdout?.resume();
    child.stderr?.resume();
  }

  /** Kills the server the way a crash or an evicted pod would (SIGKILL) and waits until it is gone. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child) return;
    this.process = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}
