import path from 'node:path';
import { loadManifests, loadYaml } from './repo-files';

type K8sObject = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Kustomization {
  resources?: string[];
  components?: string[];
  patches?: { path: string; target?: { kind: string; name?: string } }[];
  namespace?: string;
}

/** One JSON 6902 operation, as the overlays write them. */
export interface PatchOperation {
  op: 'add' | 'remove' | 'replace';
  path: string;
  value?: unknown;
}

const CLUSTER_SCOPED = new Set(['Namespace']);

/**
 * What `kustomize build <dir>` gives for the features the repository's kustomizations use: resources
 * (files and directories), components, JSON 6902 patches by target kind (and name), strategic-merge
 * patches of maps by kind and name, and the namespace. CI has no kustomize binary; the overlay tests
 * check what this builds (schemas, budgets, policies), so a patch that does not apply fails here.
 */
export function buildKustomization(dir: string): K8sObject[] {
  const kustomization = loadYaml(path.join(dir, 'kustomization.yaml')) as Kustomization;
  const objects: K8sObject[] = (kustomization.resources ?? []).flatMap((resource) =>
    resource.endsWith('.yaml')
      ? loadManifests(path.join(dir, resource)).map((document) => structuredClone(document.object))
      : buildKustomization(path.join(dir, resource)),
  );
  for (const component of kustomization.components ?? [])
    objects.push(...buildKustomization(path.join(dir, component)));
  for (const patch of kustomization.patches ?? []) {
    const file = path.join(dir, patch.path);
    if (patch.target) {
      const targets = objects.filter(
        (object) =>
          object.kind === patch.target!.kind &&
          (patch.target!.name === undefined || object.metadata.name === patch.target!.name),
      );
      if (targets.length === 0) throw new Error(`${file}: no ${patch.target.kind} to patch`);
      for (const target of targets) applyJsonPatch(target, loadYaml(file) as PatchOperation[], file);
    } else {
      const overlay = loadYaml(file) as K8sObject;
      const target = objects.find(
        (object) => object.kind === overlay.kind && object.metadata.name === overlay.metadata.name,
      );
      if (!target) throw new Error(`${file}: no ${overlay.kind}/${overlay.metadata.name} to patch`);
      mergeInto(target, overlay, file);
    }
  }
  if (kustomization.namespace)
    for (const object of objects)
      if (!CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = kustomization.namespace;
  return objects;
}

/** Applies JSON 6902 operations; replace and remove need the field, add needs its parent. */
export function applyJsonPatch(target: K8sObject, operations: PatchOperation[], source = 'patch'): void {
  for (const operation of operations) {
    const keys = operation.path.split('/').slice(1);
    const last = keys.pop()!;
    const parent = keys.reduce<K8sObject | undefined>((node, key) => node?.[key], target);
    const where = `${source}: ${operation.op} ${operation.path} on ${target.kind}/${target.metadata?.name}`;
    if (parent === undefined || typeof parent !== 'object') throw new Error(`${where}: no parent`);
    if (operation.op === 'add') parent[last] = operation.value;
    else if (!(last in parent)) throw new Error(`${where}: no such field`);
    else if (operation.op === 'replace') parent[last] = operation.value;
    else if (operation.op === 'remove') delete parent[last];
    else throw new Error(`${where}: unsupported operation`);
  }
}

/** A strategic-merge patch restricted to maps: lists would need kustomize's merge keys, so they are refused. */
function mergeInto(target: K8sObject, patch: K8sObject, source: string): void {
  for (const [key, value] of Object.entries(patch)) {
    if (Array.isArray(value)) throw new Error(`${source}: list patches are not emulated (${key})`);
    if (value !== null && typeof value === 'object' && typeof target[key] === 'object')
      mergeInto(target[key], value as K8sObject, source);
    else target[key] = value;
  }
}
