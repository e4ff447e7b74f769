import tseslint from 'typescript-eslint';
import boundaries from './scripts/lint/boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '.data/**',
      '.infra/**',
      '.lts/**',
      'dist/**',
      'bench/results/**',
      'docs/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'error',
    },
  },
  {
    files: ['**/test/**/*.ts', '**/*.test.ts', 'bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  // Boundaries (scripts/lint/boundaries.mjs): packages are entered through their exports maps, services do
  // not import services, and only the payments service and the projector touch the event store.
  {
    files: ['packages/*/{src,test}/**/*.ts', 'services/*/{src,test}/**/*.ts', 'apps/*/{src,test}/**/*.ts'],
    plugins: { boundaries },
    rules: {
      'boundaries/package-imports': 'error',
    },
  },
  {
    // A package's tests may share the system tests' event builders (test/support).
    files: ['packages/*/test/**/*.ts', 'services/*/test/**/*.ts', 'apps/*/test/**/*.ts'],
    plugins: { boundaries },
    rules: {
      'boundaries/package-imports': [
        'error',
        { allowRelativeInto: ['test/support'] },
      ],
    },
  },
  {
    // The system tests enter packages by name and exports too. Today's exceptions reach white-box into
    // the chain watchers and into other packages' test support; they move behind exports (or next to the
    // code they test) and leave this list.
    files: ['test/**/*.ts'],
    plugins: { boundaries },
    rules: {
      'boundaries/package-imports': [
        'error',
        {
          allowRelativeInto: [
            'services/chain/src/watchers',
            'packages/bus/src/kafka',
            'packages/bus/test/support',
            'services/notifier/test/support',
          ],
        },
      ],
    },
  },
  {
    // bench/ is no workspace package: it enters packages by path, but never past an exports map by name.
    files: ['bench/**/*.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/package-imports': ['error', { relativePaths: false }] },
  },
  {
    // apps/gateway is the composition root: it builds the event store and hands it to the services.
    files: ['packages/*/src/**/*.ts', 'services/*/src/**/*.ts'],
    ignores: ['packages/store/src/**', 'services/payments/src/**', 'services/projector/src/**'],
    plugins: { boundaries },
    rules: { 'boundaries/event-store': 'error' },
  },
);
