import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_DOCS, SERVICE_NAMES } from '@gw/platform';

const readme = readFileSync(path.join(__dirname, '..', '..', '..', 'README.md'), 'utf8');

describe('the README stays true', () => {
  it('documents every environment variable the configuration reads', () => {
    for (const variable of CONFIG_DOCS) expect(readme).toContain(`| \`${variable.name}\``);
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
