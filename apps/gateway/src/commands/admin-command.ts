import type { ParseArgsConfig } from 'node:util';
import type { AdminHttpClient } from './admin-http';

/** Wrong arguments: the command prints its usage and exits with 2. */
export class AdminUsageError extends Error {
  override readonly name = 'AdminUsageError';
}

export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

export type FlagValues = Record<string, string | boolean | undefined>;

export interface AdminCommandRun {
  client: AdminHttpClient;
  flags: FlagValues;
  /** Exactly the positionals the command declares, in order. */
  args: string[];
  /** Prints the API's JSON (--json) or the human description. */
  print<T>(body: T, describe: (body: T) => string): void;
}

/** One `gateway <group> <action>` command over the admin API. */
export interface AdminCommand {
  /** e.g. `merchant create --name <name> [--email <email>]` */
  synopsis: string;
  summary: string;
  args: string[];
  options: NonNullable<ParseArgsConfig['options']>;
  required?: string[];
  run(command: AdminCommandRun): Promise<void>;
}

export function stringFlag(flags: FlagValues, name: string): string | undefined {
  const value = flags[name];
  return typeof value === 'string' ? value : undefined;
}

export function wholeNumber(raw: string, what: string): number {
  const value = /^[0-9]{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value)) throw new AdminUsageError(`${what} must be a whole number, got "${raw}"`);
  return value;
}

/** `btc,eth` → ['btc', 'eth']; `all` → null (every catalogue coin). */
export function coinList(raw: string): string[] | null {
  if (raw.trim().toLowerCase() === 'all') return null;
  const codes = raw
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
  if (codes.length === 0) throw new AdminUsageError('name at least one coin code (e.g. btc,eth) or "all"');
  return codes;
}
