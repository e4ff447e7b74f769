import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { API_DOCUMENTS, openApiDocument } from '@gw/service-docs';
import { API_DOCUMENT_SOURCES } from '../src/api-documents';

const run = promisify(execFile);
const REPO_ROOT = path.join(__dirname, '../../..');
const REDOCLY = path.join(REPO_ROOT, 'node_modules/.bin/redocly');

describe('OpenAPI documents under redocly lint', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'redocly-'));
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  // One document per run: with several files redocly prints one JSON report after another.
  it.each(API_DOCUMENTS)('finds no problem in %s (recommended rules, redocly.yaml)', async (name) => {
    const file = path.join(scratch, `${name}.json`);
    await writeFile(
      file,
      JSON.stringify(openApiDocument(API_DOCUMENT_SOURCES[name], 'http://127.0.0.1:8080')),
    );
    const outcome = await run(
      REDOCLY,
      ['lint', '--config', path.join(REPO_ROOT, 'redocly.yaml'), '--format', 'json', file],
      // No telemetry and no update check: CI has no network but the registries.
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((failure: { stdout: string }) => failure);
    const report = JSON.parse(outcome.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer?: string }[] }[];
    };
    const problems = report.problems.map(
      (problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it.each(API_DOCUMENTS)(
    'gives every operation of %s a security requirement of a declared scheme',
    (name) => {
      const document = openApiDocument(API_DOCUMENT_SOURCES[name], 'http://127.0.0.1:8080');
      const schemes = Object.keys(document.components.securitySchemes);
      const operations = Object.values(document.paths).flatMap((item) => Object.values(item)) as {
        security?: Record<string, string[]>[];
      }[];
      expect(operations.length).toBeGreaterThan(0);
      for (const operation of operations) {
        expect(operation.security).toBeDefined();
        for (const requirement of operation.security ?? [])
          for (const scheme of Object.keys(requirement)) expect(schemes).toContain(scheme);
      }
    },
  );
});
