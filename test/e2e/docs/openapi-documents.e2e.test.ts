import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { routeShape, routesOf } from '@gw/platform';
import { startTestGateway, type TestGateway } from '../../support/gateway';

const run = promisify(execFile);
/** The validator is an ES module that jest cannot load in-process; its CLI checks one file. */
const VALIDATE_API = path.join(__dirname, '../../node_modules/.bin/validate-api');

const FAMILIES = [
  { family: 'v1', service: 'gateway-v1' },
  { family: 'alpha', service: 'gateway-alpha' },
  { family: 'beta', service: 'gateway-beta' },
  { family: 'admin', service: 'admin' },
  { family: 'sandbox', service: 'chain' },
] as const;

type Document = { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };

describe('API reference at /docs', () => {
  let gateway: TestGateway;
  let scratch: string;
  const documents: Record<string, Document> = {};

  beforeAll(async () => {
    gateway = await startTestGateway();
    scratch = await mkdtemp(path.join(tmpdir(), 'openapi-'));
    for (const { family } of FAMILIES) {
      const response = await fetch(`${gateway.baseUrl}/docs/${family}.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      documents[family] = (await response.json()) as Document;
    }
  });

  afterAll(async () => {
    await gateway?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it.each(FAMILIES)('serves a valid OpenAPI 3.1 document for $family', async ({ family }) => {
    const document = documents[family]!;
    expect(document.openapi).toBe('3.1.0');
    const file = path.join(scratch, `${family}.json`);
    await writeFile(file, JSON.stringify(document));
    const { stdout } = await run(VALIDATE_API, [file]).catch((failure: { stdout: string }) => failure);
    expect(JSON.parse(stdout)).toEqual({ valid: true });
  });

  it.each(FAMILIES)('documents every route of the $service router', ({ family, service }) => {
    const router = gateway.gateway.services.find((candidate) => candidate.name === service)?.router;
    if (!router) throw new Error(`${service} has no router`);
    const documented = new Set(
      Object.entries(documents[family]!.paths).flatMap(([documentedPath, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${routeShape(documentedPath)}`),
      ),
    );
    const routes = routesOf(router).map(
      ({ method, path: routePath }) => `${method} ${routeShape(routePath)}`,
    );
    expect(routes.length).toBeGreaterThan(3);
    expect(routes.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('gives every operation a unique id across the five documents', () => {
    const ids = FAMILIES.flatMap(({ family }) =>
      Object.values(documents[family]!.paths).flatMap((item) =>
        Object.values(item).map((operation) => operation.operationId),
      ),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('serves Swagger UI from its own origin under a strict CSP, with a link to every document', async () => {
    const response = await fetch(`${gateway.baseUrl}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const page = await response.text();
    for (const { family } of FAMILIES) expect(page).toContain(`href="/docs/${family}.json"`);
    expect(page).not.toMatch(/<script>|<script [^>]*>[^<]|style=|<style/);
    const assets = [...page.matchAll(/(?:src|href)="(\/docs\/[^"?]+\.(?:js|css))"/g)].map(
      (match) => match[1]!,
    );
    expect(assets).toEqual([
      '/docs/assets/swagger-ui.css',
      '/docs/docs.css',
      '/docs/assets/swagger-ui-bundle.js',
      '/docs/docs.js',
    ]);
    for (const asset of assets) {
      const served = await fetch(`${gateway.baseUrl}${asset}`);
      expect({ asset, status: served.status }).toEqual({ asset, status: 200 });
      expect(served.headers.get('content-type')).toMatch(asset.endsWith('.js') ? /javascript/ : /^text\/css/);
    }
  });
});
