'use strict';
// Tiny check runner for the engine smoke scripts: each check prints one line; a failed
// `required` check makes the script exit non-zero, a failed `probe` only reports what the
// engine lacks.
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..', '..');

function requireFromPackage(packageDir, moduleName) {
  return require(require.resolve(moduleName, { paths: [path.join(repoRoot, packageDir)] }));
}

function createChecks(engine) {
  let requiredFailures = 0;
  async function run(kind, name, body) {
    try {
      const detail = await body();
      console.log(`${engine}  ok       ${name}${detail ? `: ${detail}` : ''}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (kind === 'required') requiredFailures += 1;
      console.log(
        `${engine}  ${kind === 'required' ? 'FAILED ' : 'missing'}  ${name}: ${message.split('\n')[0]}`,
      );
    }
  }
  return {
    required: (name, body) => run('required', name, body),
    probe: (name, body) => run('probe', name, body),
    finish: () => {
      if (requiredFailures > 0) process.exitCode = 1;
    },
  };
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

module.exports = { requireFromPackage, createChecks, expect };
