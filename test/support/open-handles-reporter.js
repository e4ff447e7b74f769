/**
 * Names what keeps jest alive after a run. When the process is still running a minute after the
 * summary (an open socket, timer or child process some test left behind), it prints each live handle
 * and ends the run as failed: a leak shows up as a named failure instead of a CI job that never ends.
 * A clean run exits long before; the timer is unref'd and never holds it.
 */
const GRACE_MS = 60_000;

function describe(handle) {
  const kind = handle?.constructor?.name ?? typeof handle;
  if (kind === 'Socket') {
    const remote = handle.remotePort ? `${handle.remoteAddress}:${handle.remotePort}` : 'no peer';
    return `Socket ${handle.localAddress ?? ''}:${handle.localPort ?? ''} -> ${remote}`;
  }
  if (kind === 'ChildProcess') return `ChildProcess pid ${handle.pid}: ${handle.spawnargs?.join(' ')}`;
  if (kind === 'Server') return `Server ${JSON.stringify(handle.address?.())}`;
  if (kind === 'Timeout') return `Timeout ${String(handle._onTimeout).slice(0, 200).replace(/\s+/g, ' ')}`;
  return kind;
}

class OpenHandlesReporter {
  onRunComplete() {
    setTimeout(() => {
      const handles = process._getActiveHandles().map(describe);
      process.stderr.write(
        `\njest is still running ${GRACE_MS / 1000} s after its summary; open handles:\n` +
          `${handles.map((line) => `  ${line}`).join('\n')}\n` +
          `resources: ${JSON.stringify(process.getActiveResourcesInfo())}\n`,
      );
      process.exit(1);
    }, GRACE_MS).unref();
  }
}
module.exports = OpenHandlesReporter;
