/** Test level lives in the file name: *.unit.test.ts, *.int.test.ts, *.e2e.test.ts, *.browser.test.ts. */
const transform = {
  '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } }],
};
const roots = ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/apps', '<rootDir>/test'];
const project = (displayName, pattern, extra = {}) => ({
  displayName,
  roots,
  transform,
  testEnvironment: 'node',
  testMatch: [`**/*.${pattern}.test.ts`],
  ...extra,
});
// Starts the real engines with the provider ENGINES_PROVIDER picks (docs/testing.md) and exports their URLs.
const engines = {
  globalSetup: '<rootDir>/test/support/engines/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/engines/global-teardown.ts',
};
// The engines, and the compiled gateway (dist/, built from the sources once per run) that fleets run.
const fleetEngines = { ...engines, globalSetup: '<rootDir>/test/support/engines/fleet-global-setup.ts' };
module.exports = {
  testTimeout: 60_000,
  reporters: [
    'default',
    '<rootDir>/test/support/summary-reporter.js',
    '<rootDir>/test/support/open-handles-reporter.js',
  ],
  projects: [
    project('unit', 'unit'),
    project('int', 'int', {
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/faults/'],
      ...engines,
    }),
    // Fault tests restart the shared engines, so scripts/test runs them alone, after everything else.
    project('faults', 'int', { testMatch: ['<rootDir>/test/faults/**/*.int.test.ts'], ...fleetEngines }),
    project('e2e', 'e2e'),
    project('browser', 'browser'),
    // The V1 suite and the late-money suite again, every service in its own process on the real engines.
    // Left out: the tests that drive a manual clock or restart the embedded store, which a fleet of
    // processes cannot share.
    project('processes', 'e2e', {
      testMatch: ['<rootDir>/test/e2e/v1/**/*.e2e.test.ts', '<rootDir>/test/e2e/late/**/*.e2e.test.ts'],
      // real-money-payments follows a private btcd of its own, not yet tried with a fleet's chain service.
      testPathIgnorePatterns: [
        '/node_modules/',
        'payment-list',
        'rate-limit',
        'restart',
        'real-money-payments',
      ],
      setupFilesAfterEnv: ['<rootDir>/test/support/processes-topology.js'],
      ...fleetEngines,
    }),
  ],
};
