#!/usr/bin/env -S npx tsx
import { ConfigError } from '@gw/platform';
import { adminCommand, adminUsage } from './commands/admin';

// start and replay load every service; imported on use, `help` and the admin commands start quickly.
const startCommand = async (...args: Parameters<typeof import('./commands/start').startCommand>) =>
  (await import('./commands/start')).startCommand(...args);
const replayCommand = async () => (await import('./commands/replay')).replayCommand();

const USAGE = `Usage: gateway <command>

  start                 run every service in one process (SERVICE=<name> runs one)
  service <name>        run one service alone (same as SERVICE=<name> gateway start)
  replay                drop the read models and rebuild them from the event store (stop projectors first)
  help                  show this text

Admin commands (call the admin API of a running gateway):
${adminUsage()}`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'start':
      return startCommand();
    case 'service': {
      const name = rest[0];
      if (!name) throw new UsageError('gateway service needs a service name');
      return startCommand({ ...process.env, SERVICE: name });
    }
    case 'replay':
      await replayCommand();
      return;
    case 'merchant':
    case 'plan':
    case 'subscription':
    case 'payment':
    case 'webhooks':
      process.exitCode = await adminCommand(command, rest, process.env);
      return;
    case undefined:
    case 'help':
    case '--help':
      process.stdout.write(USAGE);
      return;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

class UsageError extends Error {}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
