import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const K8S_DIR = path.join(REPO_ROOT, 'k8s');

export const readRepoFile = (relative: string): string =>
  readFileSync(path.join(REPO_ROOT, relative), 'utf8');

/** One YAML file as plain data; `<<` merge keys resolved as docker compose resolves them. */
export function loadYaml(relative: string): unknown {
  return parse(readRepoFile(relative), { merge: true, prettyErrors: true });
}

export interface ManifestDocument {
  file: string;
  object: Record<string, unknown>;
}

/** Every non-empty document of a multi-document YAML file; a syntax error throws with its position. */
export function loadManifests(relative: string): ManifestDocument[] {
  const documents = parseAllDocuments(readRepoFile(relative), { prettyErrors: true });
  if (!Array.isArray(documents)) throw new Error(`${relative}: not a YAML stream`);
  return documents.flatMap((document) => {
    const [error] = document.errors;
    if (error) throw new Error(`${relative}: ${error.message}`);
    const object = document.toJS() as unknown;
    if (object === null || object === undefined) return [];
    if (typeof object !== 'object' || Array.isArray(object))
      throw new Error(`${relative}: a document is not a mapping`);
    return [{ file: relative, object: object as Record<string, unknown> }];
  });
}

export const k8sYamlFiles = (): string[] =>
  readdirSync(K8S_DIR)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => `k8s/${name}`);
