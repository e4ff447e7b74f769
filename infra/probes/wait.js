'use strict';
// Shared loop for the readiness probes: retry `attempt` until it resolves, the deadline passes,
// or the engine's process exits (then there is no point waiting out the timeout).
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..', '..');

function requireFromPackage(packageDir, moduleName) {
  try {
    return require(require.resolve(moduleName, { paths: [path.join(repoRoot, packageDir)] }));
  } catch (error) {
    process.stderr.write(`infra: ${moduleName} is not installed in ${packageDir}; run pnpm install first\n`);
    process.exit(2);
  }
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilReady({ engine, pid, timeoutSeconds, attempt }) {
  const deadline = Date.now() + timeoutSeconds * 1000;
  let lastError = 'no attempt made';
  while (Date.now() < deadline) {
    if (pid && !processAlive(pid)) {
      process.stderr.write(`infra: ${engine} (pid ${pid}) exited while starting\n`);
      process.exit(1);
    }
    try {
      await attempt();
      return;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  process.stderr.write(`infra: ${engine} not ready after ${timeoutSeconds}s: ${lastError}\n`);
  process.exit(1);
}

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i];
    const value = argv[i + 1];
    if (!key || !key.startsWith('--') || value === undefined) {
      process.stderr.write(`infra: bad probe arguments: ${argv.join(' ')}\n`);
      process.exit(2);
    }
    args[key.slice(2)] = value;
  }
  return args;
}

module.exports = { requireFromPackage, waitUntilReady, parseArgs };
