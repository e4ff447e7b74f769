#!/usr/bin/env -S npx tsx
import { ConfigError } from '@gw/platform';
import { adminCommand, adminUsage } from './commands/admin';

// start and replay load every service; imported on use, `help` and the admin commands start quickly.
const startCommand = async (...args: Parameters<typeof import('./commands/start').startCommand>) =>
  (await import('./commands/start')).startCommand(...args);

async function replay(args: string[]): Promise<void> {
  const unknown = args.filter((arg) => arg !== '--yes' && arg !== '-y');
  if (unknown.length > 0) throw new UsageError(`gateway replay takes only --yes, not ${unknown.join(' ')}`);
  const { replayCommand, ReplayNotConfirmedError } = await import('./commands/replay');
  try {
    await replayCommand(process.env, { yes: args.length > 0, confirm: askOnTerminal() });
  } catch (error) {
    if (!(error instanceof ReplayNotConfirmedError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 2;
  }
}

/** A yes/no question on the terminal, or null when standard input or error is not one. */
function askOnTerminal(): ((question: string) => Promise<boolean>) | null {
  if (!process.stdin.isTTY || !process.stderr.isTTY) return null;
  return async (question) => {
    const { createInterface } = await import('node:readline/promises');
    const terminal = createInterface({ input: process.stdin, output: process.stderr });
    try {
      return /^y(es)?$/i.test((await terminal.question(question)).trim());
    } finally {
      terminal.close();
    }
  };
}

const USAGE = `Usage: gateway <command>

  start                 run every service in one process (SERVICE=<name> runs one)
  service <name>        run one service alone (same as SERVICE=<name> gateway start)
  replay [--yes]        drop the read models and rebuild them from the event store (stop projectors
                        first); asks first on a terminal, --yes confirms without asking
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
      return replay(rest);
    case 'merchant':
    case 'plan':
    case 'subscription':
    case 'payment':
    case 'webhooks':
    case 'outbox':
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
