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
};

describe('Dockerfile', () => {
  it('builds in one stage and runs from a separate, smaller one', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(runtime[0]!.args).toMatch(/^node:\$\{NODE_VERSION\}-slim AS runtime$/);
    // The bundle alone: no workspace sources, no node_modules.
    expect(only(runtime, 'COPY').map((i) => i.args)).toEqual(['--from=build /app/dist /app/dist']);
  });

  it('runs a supported Node LTS', () => {
    const arg = instructions.find((i) => i.keyword === 'ARG' && i.args.startsWith('NODE_VERSION='));
    const major = Number(/^NODE_VERSION=(\d+)$/.exec(arg?.args ?? '')?.[1]);
    // Even majors are the LTS lines; 20 reached end of life on 2026-04-30.
    expect(major % 2).toBe(0);
    expect(major).toBeGreaterThanOrEqual(24);
  });

  it('installs the workspace from the lockfile with the pinned pnpm and builds it with pnpm build', () => {
    const build = stages[0]!.map((i) => i.args).join('\n');
    expect(build).toContain(packageJson.packageManager);
    expect(build).toMatch(/pnpm install .*--frozen-lockfile/);
    expect(build).toMatch(/&& pnpm build$/m);
    expect(packageJson.scripts.build).toBe('node scripts/build.mjs');
  });

  it('runs as a non-root numeric user', () => {
    const [user] = only(runtime, 'USER');
    expect(user?.args).toMatch(/^[1-9]\d*:[1-9]\d*$/);
  });

  it('checks readiness for its health status', () => {
    const [healthcheck] = only(runtime, 'HEALTHCHECK');
    expect(healthcheck?.args).toContain('/health/ready');
  });

  it('starts the compiled CLI that ./gateway runs, in node itself', () => {
    const [entrypoint] = only(runtime, 'ENTRYPOINT');
    const command = JSON.parse(entrypoint!.args) as string[];
    expect(command).toEqual(['node', 'dist/gateway.js']);
    expect(readRepoFile('gateway')).toContain('"$root/dist/gateway.js"');
    expect(readRepoFile('scripts/build.mjs')).toContain("gateway: 'apps/gateway/src/cli.ts'");
    expect(existsSync(path.join(REPO_ROOT, 'apps/gateway/src/cli.ts'))).toBe(true);
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

  it('keeps every file the install and the build need', () => {
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
    expect(patterns).toEqual(expect.arrayContaining(['scripts/*', '!scripts/build.mjs']));
  });
});
