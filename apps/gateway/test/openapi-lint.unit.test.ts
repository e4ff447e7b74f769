import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ALPHA_CUSTODIAL_OPERATIONS } from '@gw/contracts/api/alpha';
import { BETA_CUSTODIAL_OPERATIONS } from '@gw/contracts/api/beta';
import { API_DOCUMENTS, openApiDocument } from '@gw/service-docs';
import { API_DOCUMENT_SOURCES } from '../src/api-documents';

const run = promisify(execFile);
const REPO_ROOT = path.join(__dirname, '../../..');
const REDOCLY = path.join(REPO_ROOT, 'node_modules/.bin/redocly');

const pointerOf = (method: string, apiPath: string) =>
  `#/paths/${apiPath.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses`;
/**
 * Upstream's custodial calls are served only to refuse them (the gateway never holds funds): they have
 * no 2XX answer to document, and saying otherwise would mislead. Every other operation keeps the rule.
 */
const NEVER_SUCCEEDS = new Set([
  ...ALPHA_CUSTODIAL_OPERATIONS.map(({ method, path: apiPath }) => pointerOf(method, apiPath)),
  ...BETA_CUSTODIAL_OPERATIONS.flatMap(({ method, paths }) =>
    paths.map((apiPath) => pointerOf(method, apiPath)),
  ),
]);
const deliberate = (problem: { ruleId: string; location: { pointer?: string }[] }) =>
  problem.ruleId === 'operation-2xx-response' && NEVER_SUCCEEDS.has(problem.location[0]?.pointer ?? '');

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
    const problems = report.problems
      .filter((problem) => !deliberate(problem))
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`);
    expect(problems).toEqual([]);
    const refused = report.problems.filter(deliberate).length;
    expect(report.totals).toMatchObject({ errors: 0, warnings: refused });
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
