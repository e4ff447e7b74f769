// The workspace's boundaries as lint rules (eslint.config.mjs turns them on, docs/architecture.md says why):
// - `boundaries/package-imports`: another workspace package is imported by its name, through its root or a
//   subpath its package.json `exports` declares (never `@gw/x/src/...`), and never reached by a relative
//   path; a service never imports another service.
// - `boundaries/event-store`: only the payments service (the writer) and the projector touch the event store;
//   everything else reads read models.
// Each rule takes an explicit allow-list of today's exceptions, so the list can only shrink.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKSPACE_FOLDERS = ['packages', 'services', 'apps'];

/** Every workspace package: its name, folder (relative to the root, '/'-separated) and declared subpaths. */
function workspacePackages() {
  const packages = [];
  for (const folder of [...WORKSPACE_FOLDERS, '.']) {
    const dirs =
      folder === '.' ? ['test'] : readdirSync(path.join(ROOT, folder)).map((name) => `${folder}/${name}`);
    for (const dir of dirs) {
      const manifest = path.join(ROOT, dir, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      const exportsMap = typeof pkg.exports === 'object' && pkg.exports !== null ? pkg.exports : {};
      packages.push({
        name: pkg.name,
        dir,
        hasExports: 'exports' in pkg,
        subpaths: new Set(Object.keys(exportsMap)),
      });
    }
  }
  return packages;
}

const PACKAGES = workspacePackages();
const BY_NAME = new Map(PACKAGES.map((pkg) => [pkg.name, pkg]));

/** The file's path relative to the root, '/'-separated. */
function relativeToRoot(filename) {
  return path.relative(ROOT, filename).split(path.sep).join('/');
}

/** The workspace package a root-relative path lies in, if any. */
function ownerOf(rootRelative) {
  return PACKAGES.find((pkg) => rootRelative === pkg.dir || rootRelative.startsWith(`${pkg.dir}/`));
}

function isService(pkg) {
  return pkg.dir.startsWith('services/');
}

/** `@gw/x/a/b` → { name: '@gw/x', subpath: './a/b' }; a bare `@gw/x` has subpath '.'. */
function splitSpecifier(specifier) {
  const [scope, name, ...rest] = specifier.split('/');
  return { name: `${scope}/${name}`, subpath: rest.length === 0 ? '.' : `./${rest.join('/')}` };
}

/** Calls `check(node, specifier)` for every import, re-export, dynamic import and require with a literal. */
function moduleSources(check) {
  const fromSource = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node.source, node.source.value);
  };
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression(node) {
      if (node.source.type === 'Literal' && typeof node.source.value === 'string')
        check(node.source, node.source.value);
    },
    TSExternalModuleReference(node) {
      if (node.expression.type === 'Literal') check(node.expression, node.expression.value);
    },
    CallExpression(node) {
      const [first] = node.arguments;
      if (node.callee.type === 'Identifier' && node.callee.name === 'require' && first?.type === 'Literal') {
        if (typeof first.value === 'string') check(first, first.value);
      }
    },
  };
}

const packageImports = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Workspace packages are entered through their exports map; services do not import services',
    },
    schema: [
      {
        type: 'object',
        properties: {
          relativePaths: { type: 'boolean' },
          allowRelativeInto: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      deepImport:
        "'{{specifier}}' reaches inside {{name}}: import its root or a subpath its package.json exports declare ({{declared}})",
      unknownPackage: "'{{specifier}}' names no workspace package",
      noExportsMap: '{{name}} has no exports map: declare its entry points in {{dir}}/package.json',
      relativeEscape:
        "'{{specifier}}' reaches into {{target}} by path: import it by its package name ({{name}}) and its exports",
      serviceImport:
        'service {{from}} imports service {{name}}: move what they share into a package (or compose them in apps/gateway)',
    },
  },
  create(context) {
    const {
      relativePaths = true,
      allowRelativeInto = [],
    } = context.options[0] ?? {};
    const file = relativeToRoot(context.filename);
    const owner = ownerOf(file);
    return moduleSources((node, specifier) => {
      if (specifier.startsWith('@gw/')) {
        const { name, subpath } = splitSpecifier(specifier);
        const target = BY_NAME.get(name);
        if (!target) {
          context.report({ node, messageId: 'unknownPackage', data: { specifier } });
          return;
        }
        if (!target.hasExports) {
          context.report({ node, messageId: 'noExportsMap', data: { name, dir: target.dir } });
        } else if (!target.subpaths.has(subpath)) {
          const declared = [...target.subpaths]
            .map((s) => (s === '.' ? name : `${name}${s.slice(1)}`))
            .join(', ');
          context.report({
            node,
            messageId: 'deepImport',
            data: { specifier, name, declared: declared || 'none' },
          });
        }
        if (owner && isService(owner) && isService(target) && target !== owner) {
          context.report({ node, messageId: 'serviceImport', data: { from: owner.name, name } });
        }
        return;
      }
      if (relativePaths && specifier.startsWith('.')) {
        const resolved = relativeToRoot(path.resolve(path.dirname(context.filename), specifier));
        const target = ownerOf(resolved);
        const allowed = allowRelativeInto.some((dir) => resolved.startsWith(`${dir}/`));
        if (target && target !== owner && !allowed) {
          context.report({
            node,
            messageId: 'relativeEscape',
            data: { specifier, target: target.dir, name: target.name },
          });
        }
      }
    });
  },
};

/** What the event store is reached through: the store's own classes. */
const EVENT_STORE_NAMES = new Map([
  ['@gw/store', new Set(['EventStore', 'MongoEventStore', 'JsonlEventStore'])],
]);

const eventStore = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the payments service and the projector touch the event store' },
    schema: [],
    messages: {
      named: "'{{name}}' from {{source}} reads the write side: read the read models (@gw/views) instead",
      member: "'{{object}}.eventStore' reads the write side: read the read models (@gw/views) instead",
      destructured: "'{ eventStore }' reads the write side: read the read models (@gw/views) instead",
    },
  },
  create(context) {
    return {
      ImportDeclaration(node) {
        const names = EVENT_STORE_NAMES.get(node.source.value);
        if (!names) return;
        for (const specifier of node.specifiers) {
          const imported = specifier.type === 'ImportSpecifier' ? specifier.imported.name : undefined;
          if (imported && names.has(imported)) {
            context.report({
              node: specifier,
              messageId: 'named',
              data: { name: imported, source: node.source.value },
            });
          }
        }
      },
      'ObjectPattern > Property'(node) {
        if (node.key.type === 'Identifier' && node.key.name === 'eventStore') {
          context.report({ node, messageId: 'destructured' });
        }
      },
      MemberExpression(node) {
        if (node.computed || node.property.type !== 'Identifier' || node.property.name !== 'eventStore')
          return;
        const object = context.sourceCode.getText(node.object);
        context.report({ node, messageId: 'member', data: { object } });
      },
    };
  },
};

export default {
  meta: { name: 'boundaries' },
  rules: { 'package-imports': packageImports, 'event-store': eventStore },
};
