import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEAD_LETTER_SUFFIX, DLQ_HEADERS } from '../src';

/** docs/events.md is generated in packages/contracts, which cannot see the bus: the bus checks its part. */
describe('docs/events.md on dead letters and framing', () => {
  const doc = readFileSync(path.join(__dirname, '../../../docs/events.md'), 'utf8');

  it('names the dead-letter topic and every header the bus adds', () => {
    expect(doc).toContain(`\`<topic>${DEAD_LETTER_SUFFIX}\``);
    for (const header of Object.values(DLQ_HEADERS)) expect(doc).toContain(`\`${header}\``);
  });
});
