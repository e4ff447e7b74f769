export interface IngressPath {
  path: string;
  pathType: 'Exact' | 'Prefix';
  service: string;
}

const elements = (path: string) => path.split('/').filter((element) => element !== '');

function matches({ path, pathType }: IngressPath, requestPath: string): boolean {
  if (pathType === 'Exact') return path === requestPath;
  const prefix = elements(path);
  const request = elements(requestPath);
  return prefix.every((element, index) => request[index] === element);
}

/**
 * The backend the Ingress API specifies for a request path: Prefix matches element by element, the
 * longest matching path wins, and Exact beats Prefix for paths of the same length.
 */
export function ingressBackendFor(paths: readonly IngressPath[], requestPath: string): string | null {
  const candidates = paths.filter((path) => matches(path, requestPath));
  candidates.sort(
    (a, b) =>
      b.path.length - a.path.length || Number(b.pathType === 'Exact') - Number(a.pathType === 'Exact'),
  );
  return candidates[0]?.service ?? null;
}
