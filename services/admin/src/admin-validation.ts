import type { ErrorObject } from 'ajv';
import { validatorFor } from '@gw/contracts';
import { AdminError } from './admin-errors';
import { PATTERN_MEANINGS } from './admin-schemas';

/** Checks a request body against its schema; a failure is a 400 naming every offending field. */
export function validateBody<T>(schema: object, body: unknown): T {
  const validate = validatorFor(schema);
  if (!validate(body)) throw new AdminError(400, describeValidationErrors(validate.errors));
  return body as T;
}

export function describeValidationErrors(errors: ErrorObject[] | null | undefined): string {
  const messages = (errors ?? []).map(describeOne);
  return [...new Set(messages)].join('; ') || 'Request body is invalid';
}

function describeOne(error: ErrorObject): string {
  const field = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  switch (error.keyword) {
    case 'required':
      return `${prefixed(field, String(error.params.missingProperty))} is required`;
    case 'additionalProperties':
      return `${prefixed(field, String(error.params.additionalProperty))} is not a known field`;
    case 'type': {
      const types = ([] as unknown[]).concat(error.params.type);
      return `${field || 'body'} must be ${types.join(' or ')}`;
    }
    case 'pattern':
      return `${field || 'body'} ${PATTERN_MEANINGS[String(error.params.pattern)] ?? error.message ?? 'is invalid'}`;
    case 'enum':
      return `${field || 'body'} must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
    default:
      return `${field || 'body'} ${error.message ?? 'is invalid'}`;
  }
}

const prefixed = (parent: string, name: string) => (parent ? `${parent}.${name}` : name);
