#!/usr/bin/env node
// `pnpm build`: the gateway CLI (every service is started from it) and the address worker thread,
// bundled with their dependencies into dist/ so production runs plain JavaScript with no node_modules.
// Type checking stays with `pnpm typecheck`; tests keep running from source through @swc/jest.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist');

// Optional native helpers the mongodb driver requires inside try/catch; we use none of them.
const OPTIONAL_MONGODB_PEERS = [
  'kerberos',
  '@mongodb-js/zstd',
  'snappy',
  'socks',
  'aws4',
  'mongodb-client-encryption',
  'gcp-metadata',
  '@aws-sdk/credential-providers',
];

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  // address-worker.js sits beside gateway.js: the worker client starts it from its own directory.
  entryPoints: {
    gateway: 'apps/gateway/src/cli.ts',
    'address-worker': 'packages/chain/src/address-worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  legalComments: 'linked',
  // tsx: only when the address worker client runs from .ts sources (jest, bench), never from the bundle.
  external: [...OPTIONAL_MONGODB_PEERS, 'tsx/cjs/api'],
  logLevel: 'warning',
});
// The checkout's and the dashboard's stylesheets and scripts are read from `static/` beside the code
// that serves them (the dashboard's stylesheet is its page shell's); their file names differ, so all fit
// one folder.
for (const folder of ['services/checkout', 'services/dashboard', 'packages/dashboard-shell']) {
  cpSync(path.join(root, `${folder}/src/static`), path.join(outdir, 'static'), { recursive: true });
}
// The docs page's Swagger UI, which the docs service reads from static/swagger-ui in the bundle.
const swaggerUi = path.dirname(
  createRequire(path.join(root, 'services/docs/package.json')).resolve('swagger-ui-dist/package.json'),
);
for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
  cpSync(path.join(swaggerUi, file), path.join(outdir, 'static', 'swagger-ui', file));
}
// `node dist/gateway.js` is how it runs; the source's tsx hashbang would not fit the bundle.
const cli = path.join(outdir, 'gateway.js');
writeFileSync(cli, readFileSync(cli, 'utf8').replace(/^#!.*\n/, '#!/usr/bin/env node\n'));
// Marks the bundle as CommonJS even if the workspace root ever turns "type": "module".
writeFileSync(path.join(outdir, 'package.json'), '{ "type": "commonjs" }\n');
