import { readFileSync } from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');

/** One shell command of a README block, with the result the README documents for it (`# → …`). */
export interface ReadmeCommand {
  text: string;
  documented: string | null;
}

/** The fenced `sh` blocks of the README section under `heading`, in order. */
export function readmeBlocks(heading: string): string[] {
  const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README has no "## ${heading}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

/**
 * The commands of a block: continued lines joined, comment-only lines dropped. A command's trailing
 * `# → …` comment, or a comment line of its own right after it that starts with `# →`, is its result.
 */
export function commandsOf(block: string): ReadmeCommand[] {
  const commands: ReadmeCommand[] = [];
  let pending = '';
  for (const line of block.split('\n')) {
    const documented = /^\s*# → (.*)$/.exec(line);
    if (documented && pending === '' && commands.length > 0 && commands.at(-1)!.documented === null) {
      commands.at(-1)!.documented = documented[1]!;
      continue;
    }
    if (pending === '' && /^\s*(#|$)/.test(line)) continue;
    if (line.endsWith('\\')) {
      pending += `${line}\n`;
      continue;
    }
    const full = pending + line;
    pending = '';
    const result = /\s# → (.*)$/.exec(full);
    commands.push({
      text: result ? full.slice(0, result.index).trimEnd() : full,
      documented: result ? result[1]! : null,
    });
  }
  return commands;
}

/**
 * The fields a documented result names, as `"name":value` pairs: strings and numbers are compared
 * exactly, except that a value with `…` only fixes what comes before it (`"bc1q…"`, a bare `…` nothing).
 */
export function documentedFields(
  documented: string,
): Array<{ name: string; value: string; prefix: boolean }> {
  const fields = [...documented.matchAll(/"(\w+)":\s*("[^"]*"|[^,}\s]+)/g)].map(([, name, raw]) => {
    const text = raw!.startsWith('"') ? raw!.slice(1, -1) : raw!;
    const cut = text.indexOf('…');
    return { name: name!, value: cut < 0 ? text : text.slice(0, cut), prefix: cut >= 0 };
  });
  if (fields.length === 0) throw new Error(`the README documents no field in "${documented}"`);
  return fields;
}

/** The fields of a JSON answer, at any depth, the first occurrence of each name. */
export function fieldsOf(answer: unknown, into = new Map<string, unknown>()): Map<string, unknown> {
  if (answer && typeof answer === 'object') {
    for (const [name, value] of Object.entries(answer)) {
      if (!into.has(name)) into.set(name, value);
      fieldsOf(value, into);
    }
  }
  return into;
}

/** What in `output` differs from the documented result, or an empty list when it matches. */
export function mismatches(documented: string, output: string): string[] {
  let answer: unknown;
  try {
    answer = JSON.parse(output);
  } catch {
    return [`expected JSON like ${documented}, got: ${output}`];
  }
  const actual = fieldsOf(answer);
  return documentedFields(documented).flatMap(({ name, value, prefix }) => {
    if (!actual.has(name)) return [`no "${name}" in ${output}`];
    const got = actual.get(name);
    const text = typeof got === 'string' ? got : JSON.stringify(got);
    const ok = prefix ? text.startsWith(value) : text === value;
    return ok ? [] : [`"${name}" is ${JSON.stringify(got)}, the README says ${prefix ? `${value}…` : value}`];
  });
}
