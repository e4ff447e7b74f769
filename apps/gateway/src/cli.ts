#!/usr/bin/env -S npx tsx
import { ConfigError } from '@gw/platform';
import { adminCommand, adminUsage } from './commands/admin';

// start and replay load every service; imported on use, `help` and the admin commands start quickly.
const startCommand = async (...args: Parameters<typeof import('./commands/start').startCommand>) =>
  (await import('./commands/start')).startCommand(...args);

async function replay(args: string[]): Promise<void> {
  if (wantsHelp(args)) return void process.stdout.write(REPLAY_USAGE);
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

async function masterKey(args: string[]): Promise<void> {
  const [action, ...flags] = args;
  let newKeyFile: string | undefined;
  for (let i = 0; i < flags.length; i++) {
    if (flags[i] === '--new-key-file' && flags[i + 1]) newKeyFile = flags[++i];
    else throw new UsageError(`gateway master-key rotate takes only --new-key-file <file>, not ${flags[i]}`);
  }
  if (action !== 'rotate') throw new UsageError('gateway master-key needs a subcommand: rotate');
  const { rotateMasterKey, MasterKeyRotationError } = await import('./commands/master-key');
  try {
    await rotateMasterKey(process.env, { newKeyFile });
  } catch (error) {
    if (!(error instanceof MasterKeyRotationError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 2;
  }
}

async function deadLetters(args: string[]): Promise<void> {
  if (wantsHelp(args)) return void process.stdout.write(DEAD_LETTERS_USAGE);
  const [action, topic, ...extra] = args;
  if (action !== 'redrive' || !topic || extra.length > 0)
    throw new UsageError('gateway dead-letters needs: redrive <topic>');
  const { redriveCommand, DeadLetterRedriveError } = await import('./commands/dead-letters');
  try {
    await redriveCommand(process.env, topic);
  } catch (error) {
    if (!(error instanceof DeadLetterRedriveError)) throw error;
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
  master-key rotate [--new-key-file <file>]
                        encrypt every merchant's sealed keys again under a new master key (stop every
                        service first); embedded: a new DATA_DIR/master.key, generated unless given;
                        with MASTER_KEY set: the key in <file>, then set MASTER_KEY to it everywhere
  dead-letters redrive <topic>
                        send the dead letters of a topic (payments.commands, payments.events…) back
                        to it, each once; Kafka only (the embedded bus keeps them in memory)
  help                  show this text

Admin commands (call the admin API of a running gateway):
${adminUsage()}`;

const START_USAGE = `Usage: gateway start

Runs every service in one process on one port (SERVICE=<name> runs one). Without KAFKA_BROKERS,
MONGODB_URL and REDIS_URL it is the embedded default: its data lives in DATA_DIR (default ./.data),
which one gateway at a time may serve (a second start on it is refused, naming the running one).
Configuration comes from the environment; the README's configuration table lists every setting.
`;

const SERVICE_USAGE = `Usage: gateway service <name>

Runs one service alone, the same as SERVICE=<name> gateway start.
`;

const REPLAY_USAGE = `Usage: gateway replay [--yes]

Drops the read models and rebuilds them from the event store (stop projectors first). Asks first on a
terminal; --yes confirms without asking.
`;

const DEAD_LETTERS_USAGE = `Usage: gateway dead-letters redrive <topic>

Sends the messages a consumer group gave up on (<topic>.dlq) back to <topic>, as their producer sent
them, each once: the <topic>.dlq.redrive consumer group remembers how far it got. Fix what failed them
first; one that fails again is dead-lettered again. Needs the real engines (KAFKA_BROKERS…): the
embedded bus keeps dead letters in the running process's memory only.
`;

const wantsHelp = (args: string[]): boolean => args.some((arg) => arg === '--help' || arg === '-h');

/** A command that runs the gateway takes no arguments: anything else is refused rather than ignored. */
function noArguments(command: string, args: string[]): void {
  if (args.length > 0) throw new UsageError(`gateway ${command} takes no arguments, not ${args.join(' ')}`);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'start':
      if (wantsHelp(rest)) return void process.stdout.write(START_USAGE);
      noArguments('start', rest);
      return startCommand();
    case 'service': {
      if (wantsHelp(rest)) return void process.stdout.write(SERVICE_USAGE);
      noArguments('service <name>', rest.slice(1));
      const name = rest[0];
      if (!name) throw new UsageError('gateway service needs a service name');
      return startCommand({ ...process.env, SERVICE: name });
    }
    case 'replay':
      return replay(rest);
    case 'master-key':
      return masterKey(rest);
    case 'dead-letters':
      return deadLetters(rest);
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
    case '-h':
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
  // One gateway per DATA_DIR: the refusal names the running one (PID, URL) and nothing was started.
  if (error instanceof Error && error.name === 'DataDirInUseError') {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
