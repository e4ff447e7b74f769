import { parseArgs } from 'node:util';
import { ConfigError, type EnvSource } from '@gw/platform';
import { AdminUsageError, type AdminCommand, type CliOutput, type FlagValues } from './admin-command';
import { AdminApiError, AdminHttpClient, GatewayUnreachableError } from './admin-http';
import { MERCHANT_COMMANDS } from './admin-merchant';
import { OUTBOX_COMMANDS } from './outbox';
import { PAYMENT_COMMANDS } from './admin-payment';
import { PLAN_COMMANDS, SUBSCRIPTION_COMMANDS } from './admin-subscription';
import { AdminSetupError, resolveAdminTarget } from './admin-target';
import { WEBHOOK_COMMANDS } from './webhooks';

/** The command groups that call the admin API of a running gateway. */
export const ADMIN_GROUPS: Record<string, Record<string, AdminCommand>> = {
  merchant: MERCHANT_COMMANDS,
  plan: PLAN_COMMANDS,
  subscription: SUBSCRIPTION_COMMANDS,
  payment: PAYMENT_COMMANDS,
  webhooks: WEBHOOK_COMMANDS,
  outbox: OUTBOX_COMMANDS,
};

const COMMON_OPTIONS = {
  url: { type: 'string' },
  'data-dir': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const COMMON_FLAGS_HELP = `  Every admin command takes --url <gateway url> (default GATEWAY_URL, else http://localhost:<PORT>
  when PORT is set, else the URL \`gateway start\` noted in DATA_DIR beside its admin token), --json
  (print the API's JSON), and --data-dir <dir> (where \`gateway start\` keeps admin.token when
  ADMIN_TOKEN is not set). Each command first names, on standard error, the gateway it calls.`;

/** The admin lines of `gateway help`. */
export function adminUsage(): string {
  const lines = Object.values(ADMIN_GROUPS).flatMap((commands) =>
    Object.values(commands).map((command) => `  ${command.synopsis}\n      ${command.summary}`),
  );
  return `${lines.join('\n')}\n${COMMON_FLAGS_HELP}\n`;
}

const processOutput: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/**
 * `gateway <group> <action> ...`. Returns the exit code: 0 done, 1 the gateway refused or could not be
 * reached, 2 wrong arguments or missing setup.
 */
export async function adminCommand(
  group: string,
  argv: string[],
  env: EnvSource,
  output: CliOutput = processOutput,
): Promise<number> {
  const commands = ADMIN_GROUPS[group];
  if (!commands) {
    output.stderr(`unknown command "${group}"\n`);
    return 2;
  }
  const [action, ...rest] = argv;
  const command = action !== undefined && Object.hasOwn(commands, action) ? commands[action] : undefined;
  if (!command) {
    if (action === 'help' || action === '--help' || action === '-h') {
      output.stdout(groupUsage(commands));
      return 0;
    }
    const problem =
      action === undefined ? `gateway ${group} needs a command` : `unknown command "${group} ${action}"`;
    output.stderr(`${problem}\n\n${groupUsage(commands)}`);
    return 2;
  }
  try {
    const { flags, args } = parseCommandLine(command, rest);
    if (flags.help === true) {
      output.stdout(commandUsage(command));
      return 0;
    }
    const target = await resolveAdminTarget(
      {
        url: typeof flags.url === 'string' ? flags.url : undefined,
        dataDir: typeof flags['data-dir'] === 'string' ? flags['data-dir'] : undefined,
      },
      env,
    );
    output.stderr(`${target.description}\n`);
    const json = flags.json === true;
    await command.run({
      client: new AdminHttpClient(target),
      flags,
      args,
      print: (body, describe) => output.stdout(json ? `${JSON.stringify(body, null, 2)}\n` : describe(body)),
    });
    return 0;
  } catch (error) {
    return reportFailure(error, command, output);
  }
}

function parseCommandLine(command: AdminCommand, argv: string[]): { flags: FlagValues; args: string[] } {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...COMMON_OPTIONS, ...command.options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new AdminUsageError((error as Error).message);
  }
  const flags = parsed.values as FlagValues;
  if (flags.help === true) return { flags, args: parsed.positionals };
  if (parsed.positionals.length !== command.args.length) {
    const expected =
      command.args.length === 0 ? 'no arguments' : command.args.map((name) => `<${name}>`).join(' ');
    throw new AdminUsageError(
      `expected ${expected}, got ${parsed.positionals.length === 0 ? 'none' : parsed.positionals.join(' ')}`,
    );
  }
  const missing = (command.required ?? []).filter(
    (name) => typeof flags[name] !== 'string' || flags[name] === '',
  );
  if (missing.length > 0)
    throw new AdminUsageError(`missing ${missing.map((name) => `--${name}`).join(', ')}`);
  return { flags, args: parsed.positionals };
}

function reportFailure(error: unknown, command: AdminCommand, output: CliOutput): number {
  if (error instanceof AdminUsageError) {
    output.stderr(`${error.message}\n\n${commandUsage(command)}`);
    return 2;
  }
  if (error instanceof AdminSetupError || error instanceof ConfigError) {
    output.stderr(`${error.message}\n`);
    return 2;
  }
  if (error instanceof AdminApiError) {
    output.stderr(`gateway refused (${error.status}): ${error.message}\n`);
    return 1;
  }
  if (error instanceof GatewayUnreachableError) {
    output.stderr(`${error.message}\n`);
    return 1;
  }
  throw error;
}

const commandUsage = (command: AdminCommand) =>
  `Usage: gateway ${command.synopsis} [--json] [--url <url>]\n  ${command.summary}\n${COMMON_FLAGS_HELP}\n`;

function groupUsage(commands: Record<string, AdminCommand>): string {
  const lines = Object.values(commands).map(
    (command) => `  gateway ${command.synopsis}\n      ${command.summary}`,
  );
  return `Usage:\n${lines.join('\n')}\n${COMMON_FLAGS_HELP}\n`;
}
