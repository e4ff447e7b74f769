import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readTreeCpuSeconds } from '../../bench/runner/child-process';

/** Burns `ms` of its own CPU time, says "burnt", then waits for stdin to close. */
const BURNER = (ms: number) =>
  `const t = process.cpuUsage(); while (process.cpuUsage(t).user < ${ms * 1000}) {}` +
  `process.stdout.write('burnt\\n'); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));`;

/** A parent that runs one burner child and says "reaped" once it has exited (or "live" while it waits). */
const PARENT = (childExits: boolean) => `
  const { spawn } = require('node:child_process');
  const child = spawn(process.execPath, ['-e', ${JSON.stringify(BURNER(300))}], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdout.once('data', () => {
    if (${childExits}) { child.on('exit', () => process.stdout.write('reaped\\n')); child.stdin.end(); }
    else process.stdout.write('live\\n');
  });
  process.stdin.resume(); process.stdin.on('end', () => { child.stdin.end(); child.on('exit', () => process.exit(0)); });
`;

async function parentSaying(word: string, childExits: boolean) {
  const parent = spawn(process.execPath, ['-e', PARENT(childExits)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const before = await readTreeCpuSeconds(parent.pid!);
  let printed = '';
  parent.stdout.setEncoding('utf8');
  while (!printed.includes(word)) printed += String((await once(parent.stdout, 'data'))[0]);
  return { parent, before: before ?? 0 };
}

describe('the CPU time of a process tree (PostgreSQL forks a backend per connection)', () => {
  it.each([
    ['a child that has exited and been reaped', 'reaped', true],
    ['a child that still runs', 'live', false],
  ])('counts %s', async (_case, word, childExits) => {
    const { parent, before } = await parentSaying(word, childExits);
    const after = (await readTreeCpuSeconds(parent.pid!))!;
    parent.stdin.end();
    await once(parent, 'exit');
    // The child alone burnt 0.3 s of CPU; the clock tick is 0.01 s.
    expect(after - before).toBeGreaterThanOrEqual(0.29);
  });

  it('is undefined for a process that is gone', async () => {
    const gone = spawn(process.execPath, ['-e', '0']);
    await once(gone, 'exit');
    expect(await readTreeCpuSeconds(gone.pid!)).toBeUndefined();
  });
});
