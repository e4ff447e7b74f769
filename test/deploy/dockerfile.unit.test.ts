import { existsSync } from 'node:fs';
import path from 'node:path';
import { readRepoFile, REPO_ROOT } from './support/repo-files';

interface Instruction {
  keyword: string;
  args: string;
}

/** Dockerfile instructions with line continuations joined and comments dropped. */
function parseDockerfile(text: string): Instruction[] {
  const logicalLines = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return logicalLines.map((line) => {
    const [keyword, ...rest] = line.split(/\s+/);
    return { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
  });
}

const instructions = parseDockerfile(readRepoFile('Dockerfile'));
const stages = instructions.reduce<Instruction[][]>((all, instruction) => {
  if (instruction.keyword === 'FROM') all.push([]);
  all.at(-1)?.push(instruction);
  return all;
}, []);
const runtime = stages.at(-1)!;
const only = (stage: Instruction[], keyword: string) => stage.filter((i) => i.keyword === keyword);
const packageJson = JSON.parse(readRepoFile('package.json')) as {
  packageManager: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

describe('Dockerfile', () => {
  it('builds in one stage and runs from a separate, smaller one', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(runtime[0]!.args).toMatch(/^node:\$\{NODE_VERSION\}-slim AS runtime$/);
    expect(only(runtime, 'COPY').map((i) => i.args)).toEqual(['--from=build /app /app']);
  });

  it('installs the workspace from the lockfile, production dependencies only, with the pinned pnpm', () => {
    const build = stages[0]!.map((i) => i.args).join('\n');
    expect(build).toContain(packageJson.packageManager);
    expect(build).toMatch(/pnpm install .*--frozen-lockfile/);
    expect(build).toMatch(/pnpm install .*--prod/);
    // The entrypoint runs through tsx, so a production install must keep it.
    expect(packageJson.dependencies.tsx).toBeDefined();
  });

  it('runs as a non-root numeric user', () => {
    const [user] = only(runtime, 'USER');
    expect(user?.args).toMatch(/^[1-9]\d*:[1-9]\d*$/);
  });

  it('checks readiness for its health status', () => {
    const [healthcheck] = only(runtime, 'HEALTHCHECK');
    expect(healthcheck?.args).toContain('/health/ready');
  });

  it("starts the gateway CLI through tsx, as package.json's gateway script does", () => {
    const [entrypoint] = only(runtime, 'ENTRYPOINT');
    const command = JSON.parse(entrypoint!.args) as string[];
    const cli = packageJson.scripts.gateway!.replace(/^tsx /, '');
    expect(command).toEqual(['node', '--import', 'tsx', cli]);
    expect(existsSync(path.join(REPO_ROOT, cli))).toBe(true);
    expect(JSON.parse(only(runtime, 'CMD')[0]!.args)).toEqual(['start']);
  });
});

describe('.dockerignore', () => {
  const patterns = readRepoFile('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

  it('keeps dependencies and history out of the build context', () => {
    expect(patterns).toEqual(expect.arrayContaining(['**/node_modules', '.git', '.env']));
  });

  it('keeps every file the install and the entrypoint need', () => {
    for (const needed of [
      'pnpm-lock.yaml',
      'pnpm-workspace.yaml',
      'package.json',
      'packages',
      'services',
      'apps',
    ]) {
      expect(patterns).not.toContain(needed);
    }
    expect(patterns).toEqual(expect.arrayContaining(['test/*', '!test/package.json']));
  });
});
