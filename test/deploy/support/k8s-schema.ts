import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';

/** Regenerate with `scripts/k8s-schemas <version>`; see the header of that script for the source. */
export const K8S_SCHEMA_FILE = path.join(__dirname, '../k8s-schemas/kubernetes-1.31.0-strict.json');

interface VendoredSchemas {
  source: string;
  kubernetesVersion: string;
  kinds: Record<string, object>;
  definitions: object;
}

export interface K8sSchemaValidator {
  readonly kubernetesVersion: string;
  readonly kinds: readonly string[];
  /** Empty when the object is valid; otherwise one readable line per violation. */
  validate(object: Record<string, unknown>): string[];
}

const INT32 = 2 ** 31;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Validates Kubernetes objects against the upstream OpenAPI-derived JSON schemas in their strict form:
 * unknown fields, wrong types and missing required fields are errors, as with kubeconform -strict.
 */
export function createK8sSchemaValidator(file = K8S_SCHEMA_FILE): K8sSchemaValidator {
  const vendored = JSON.parse(readFileSync(file, 'utf8')) as VendoredSchemas;
  // Not ajv's strict mode: the schemas carry x-kubernetes-* annotations it would refuse as unknown keywords.
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && n >= -INT32 && n < INT32,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  ajv.addFormat('byte', { type: 'string', validate: (s: string) => s.length % 4 === 0 && BASE64.test(s) });
  ajv.addFormat('date-time', { type: 'string', validate: (s: string) => !Number.isNaN(Date.parse(s)) });
  ajv.addSchema(vendored.definitions);
  const validators = new Map<string, ValidateFunction>();
  for (const [kind, schema] of Object.entries(vendored.kinds)) validators.set(kind, ajv.compile(schema));

  return {
    kubernetesVersion: vendored.kubernetesVersion,
    kinds: [...validators.keys()],
    validate(object) {
      const key = `${String(object.apiVersion)} ${String(object.kind)}`;
      const validator = validators.get(key);
      if (!validator) return [`no schema for ${key}: add it to scripts/k8s-schemas and regenerate`];
      return validator(object) ? [] : (validator.errors ?? []).map(describeError);
    },
  };
}

function describeError(error: ErrorObject): string {
  const where = error.instancePath || '/';
  if (error.keyword === 'additionalProperties') {
    return `${where}: unknown field "${String(error.params.additionalProperty)}"`;
  }
  return `${where}: ${error.message ?? error.keyword}`;
}
