import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

interface Planted {
  file: string;
  code: string;
}

/**
 * Lints planted sources with the repository's own eslint.config.mjs (in a child node: ESLint loads its
 * config with import(), which jest's module sandbox does not offer) and returns the boundary rules'
 * findings per planted file. The files do not exist; the path decides which rules apply.
 */
function boundaryFindings(planted: Planted[]): { ruleId: string; message: string }[][] {
  const script = `
    const { ESLint } = require('eslint');
    const planted = JSON.parse(process.argv[1]);
    (async () => {
      const eslint = new ESLint({ cwd: process.cwd() });
      const results = [];
      for (const { file, code } of planted) {
        const [result] = await eslint.lintText(code, { filePath: file });
        results.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
      }
      process.stdout.write(JSON.stringify(results));
    })().catch((error) => { console.error(error); process.exit(1); });
  `;
  const output = execFileSync(process.execPath, ['-e', script, JSON.stringify(planted)], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const results = JSON.parse(output) as { ruleId: string | null; message: string }[][];
  return results.map((messages) =>
    messages.filter(
      (m): m is { ruleId: string; message: string } => m.ruleId?.startsWith('boundaries/') ?? false,
    ),
  );
}

describe('the boundary lint rules', () => {
  const cases: (Planted & { expected: RegExp[] })[] = [
    {
      file: 'services/notifier/src/planted.ts',
      code: "export { v1Validators } from '@gw/contracts/src/api/v1';\n",
      expected: [/'@gw\/contracts\/src\/api\/v1' reaches inside @gw\/contracts/],
    },
    {
      file: 'packages/domain/src/planted.ts',
      code: "export { COLLECTIONS } from '@gw/views/collections';\n",
      expected: [/reaches inside @gw\/views: import its root or a subpath .*\(@gw\/views, @gw\/views\/testing\)/],
    },
    {
      file: 'test/e2e/planted.ts',
      code: "export { testAccountPublicKey } from '@gw/chain/src/testing/wallet-fixtures';\n",
      expected: [/reaches inside @gw\/chain.*@gw\/chain\/testing/],
    },
    {
      file: 'packages/domain/src/planted.ts',
      code: "export { COLLECTIONS } from '../../views/src/collections';\n",
      expected: [/reaches into packages\/views by path/],
    },
    {
      file: 'test/e2e/planted.ts',
      code: "export { CommandHandler } from '../../services/payments/src/command-handler';\n",
      expected: [
        /reaches into services\/payments by path: import it by its package name \(@gw\/service-payments\)/,
      ],
    },
    {
      file: 'services/payments/src/planted.ts',
      code: "export { NotifierService } from '@gw/service-notifier';\n",
      expected: [/service @gw\/service-payments imports service @gw\/service-notifier/],
    },
    {
      // Family A's request check is in @gw/families, so the sandbox no longer borrows it from the gateway.
      file: 'services/chain/src/planted.ts',
      code: "export { createAlphaRouter } from '@gw/service-gateway-alpha';\n",
      expected: [/service @gw\/service-chain imports service @gw\/service-gateway-alpha/],
    },
    {
      // The dashboard's page shell is @gw/dashboard-shell: the notifier's webhook pages use it from there.
      file: 'services/notifier/src/planted.ts',
      code: "export { createDashboardService } from '@gw/service-dashboard';\n",
      expected: [/service @gw\/service-notifier imports service @gw\/service-dashboard/],
    },
    {
      file: 'services/gateway-v1/src/planted.ts',
      code: "import type { EventStore } from '@gw/store';\nexport type Reader = EventStore;\n",
      expected: [/'EventStore' from @gw\/store reads the write side/],
    },
    {
      file: 'services/notifier/src/planted.ts',
      code: "import type { ServiceContext } from '@gw/application';\nexport const read = (ctx: ServiceContext) => ctx.eventStore.readStream('payment-1');\n",
      expected: [/'ctx.eventStore' reads the write side/],
    },
    {
      file: 'services/dashboard/src/planted.ts',
      code: "import type { ServiceContext } from '@gw/application';\nexport const store = ({ eventStore }: ServiceContext) => eventStore;\n",
      expected: [/'{ eventStore }' reads the write side/],
    },
    // The readers that left the event store for the read models are held to the rule like any other file.
    ...[
      'packages/application/src/context.ts',
      'packages/application/src/keyed-create.ts',
      'packages/application/src/payment-intake.ts',
      'services/admin/src/outbox-routes.ts',
      'services/dashboard/src/http/payment-routes.ts',
      'services/dashboard/src/live/payment-snapshots.ts',
      'services/gateway-v1/src/routes/invoice.routes.ts',
      'services/notifier/src/intake/status-intake.ts',
      'services/notifier/src/intake/catch-up.ts',
      'services/notifier/src/notifier-service.ts',
    ].map((file) => ({
      file,
      code: "import type { EventStore } from '@gw/store';\nexport type Reader = Pick<EventStore, 'readStream'>;\n",
      expected: [/'EventStore' from @gw\/store reads the write side/],
    })),
  ];
  const allowed: Planted[] = [
    // Roots and declared subpaths.
    {
      file: 'services/gateway-v1/src/planted.ts',
      code: "export { v1Validators } from '@gw/contracts/api/v1';\n",
    },
    { file: 'test/e2e/planted.ts', code: "export { testAccountPublicKey } from '@gw/chain/testing';\n" },
    // The writer and the projector read the event store.
    {
      file: 'services/payments/src/planted.ts',
      code: "import type { ServiceContext } from '@gw/application';\nexport const read = (ctx: ServiceContext) => ctx.eventStore.readStream('payment-1');\n",
    },
    // A relative import inside its own package.
    { file: 'packages/domain/src/payment/planted.ts', code: "export { money } from '../money';\n" },
  ];

  const findings = boundaryFindings([...cases, ...allowed]);

  it.each(cases.map((planted, index) => [planted.file, planted.code.trim(), index] as const))(
    'refuses %s: %s',
    (_file, _code, index) => {
      const messages = findings[index]!.map((finding) => finding.message);
      expect(messages).toHaveLength(cases[index]!.expected.length);
      cases[index]!.expected.forEach((pattern, n) => expect(messages[n]).toMatch(pattern));
    },
  );

  it.each(
    allowed.map((planted, index) => [planted.file, planted.code.trim(), cases.length + index] as const),
  )('lets %s: %s', (_file, _code, index) => {
    expect(findings[index]).toEqual([]);
  });
});

describe('every workspace package declares its entry points', () => {
  const manifests = ['packages', 'services', 'apps'].flatMap((folder) =>
    readdirSync(path.join(ROOT, folder))
      .map((name) => `${folder}/${name}`)
      .filter((dir) => existsSync(path.join(ROOT, dir, 'package.json'))),
  );

  it.each(manifests)('%s has an exports map whose entries exist', (dir) => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as {
      exports?: Record<string, string>;
    };
    expect(manifest.exports).toEqual(expect.objectContaining({ '.': expect.any(String) }));
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      expect([subpath, existsSync(path.join(ROOT, dir, target))]).toEqual([subpath, true]);
    }
  });
});
