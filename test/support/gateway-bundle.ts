import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '..', '..');

/** The compiled gateway production runs (`pnpm build`): what a fleet's service processes start. */
export const GATEWAY_BUNDLE = path.join(ROOT, 'dist', 'gateway.js');

/**
 * Builds dist/ from the sources as they are now, so a fleet runs this checkout's code. A dozen
 * processes each compiling the TypeScript sources through tsx at start took several CPU-seconds
 * apiece, which on two busy cores ran past the fleet's readiness wait; the bundle starts in a
 * fraction of that, and it is what the image and `./gateway` run.
 */
export async function buildGatewayBundle(): Promise<void> {
  await promisify(execFile)(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT });
}

export async function assertGatewayBundleBuilt(): Promise<void> {
  await access(GATEWAY_BUNDLE).catch(() => {
    throw new Error(
      `${GATEWAY_BUNDLE} is missing: a fleet runs the compiled gateway, build it with 'pnpm build'`,
    );
  });
}
