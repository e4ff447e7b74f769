import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from './repo-files';

type K8sObject = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const CHART = path.join(REPO_ROOT, 'deploy/helm/cryptogate');
/** The oldest Kubernetes the manifests support, as the schemas test/deploy validates against. */
export const KUBERNETES_VERSION = '1.31.0';
/** Values every render needs: the chart refuses to create a Secret without these two. */
export const REQUIRED_VALUES = {
  'secrets.values.MASTER_KEY': 'ab'.repeat(32),
  'secrets.values.ADMIN_TOKEN': 'an-admin-token-of-32-characters',
};

/**
 * The helm binary: `scripts/helm` builds it from the Go module proxy into .tools/ on first use (a
 * few minutes on a fresh machine) and prints its path.
 */
export function helmBinary(): string {
  return execFileSync(path.join(REPO_ROOT, 'scripts/helm'), {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 30 * 60 * 1000,
  }).trim();
}

/** A value to set: strings stay strings (--set-string); numbers and booleans are typed (--set). */
export type HelmValues = Record<string, string | number | boolean>;
const setFlags = (values: HelmValues) =>
  Object.entries(values).flatMap(([key, value]) => [
    typeof value === 'string' ? '--set-string' : '--set',
    `${key}=${value}`,
  ]);

/** helm's output and exit: an error is returned, not thrown, so a test can assert on it. */
export function runHelm(helm: string, args: string[]): { ok: boolean; output: string } {
  try {
    const output = execFileSync(helm, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { ok: true, output };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

export function helmLint(helm: string, values: HelmValues = REQUIRED_VALUES) {
  return runHelm(helm, ['lint', '--strict', CHART, ...setFlags(values)]);
}

/** `helm template` into namespace cryptogate, parsed into objects. */
export function helmTemplate(
  helm: string,
  values: HelmValues = {},
  options: { required?: boolean } = {},
): K8sObject[] {
  const all = options.required === false ? values : { ...REQUIRED_VALUES, ...values };
  const result = runHelm(helm, [
    'template',
    'cryptogate',
    CHART,
    '--namespace',
    'cryptogate',
    '--kube-version',
    KUBERNETES_VERSION,
    ...setFlags(all),
  ]);
  if (!result.ok) throw new Error(result.output);
  return parseAllDocuments(result.output).flatMap((document) => {
    const object = document.toJS() as K8sObject | null;
    return object ? [object] : [];
  });
}
