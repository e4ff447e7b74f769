import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_DOCS, SERVICE_NAMES } from '@gw/platform';

const REPO_ROOT = path.join(__dirname, '..', '..', '..');
const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');

describe('the README stays true', () => {
  it('documents every environment variable the configuration reads', () => {
    for (const variable of CONFIG_DOCS) expect(readme).toContain(`| \`${variable.name}\``);
  });

  it('has one configuration row per variable', () => {
    const rows = [...readme.matchAll(/^\| `([A-Z0-9_]+)` +\|/gm)].map((match) => match[1]);
    expect(rows.filter((name, index) => rows.indexOf(name) !== index)).toEqual([]);
  });

  it('links only to files inside the repository that exist', () => {
    const targets = [...readme.matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)]
      .map((match) => match[1]!)
      .filter((target) => !/^https?:/.test(target));
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) {
      const resolved = path.resolve(REPO_ROOT, target);
      expect({
        target,
        inside: resolved.startsWith(`${REPO_ROOT}${path.sep}`),
        exists: existsSync(resolved),
      }).toEqual({
        target,
        inside: true,
        exists: true,
      });
    }
  });

  it('names every service SERVICE accepts', () => {
    for (const service of SERVICE_NAMES.filter((name) => name !== 'all'))
      expect(readme).toContain(`\`${service}\``);
  });

  it('gives the two commands CI and newcomers run', () => {
    expect(readme).toContain('./gateway start');
    expect(readme).toContain('scripts/test');
    expect(readFileSync(path.join(__dirname, '..', '..', '..', '.ci', 'run'), 'utf8')).toContain(
      './scripts/test',
    );
  });
});
