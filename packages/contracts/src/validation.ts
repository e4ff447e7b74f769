import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** One ajv instance for every contract schema; validators are compiled once and cached by schema. */
export const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));

const compiled = new WeakMap<object, ValidateFunction>();

export function validatorFor(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

export function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`).join('; ');
}

/**
 * Values a validator accepted that can no longer change: the last validator that accepted each. One
 * value is often read by several parts of a process (a message the embedded bus decodes once for every
 * consumer group; a commit's events seen by the read-model writer and the metrics), and checking it
 * again for each of them showed in create profiles as a dozen schema checks of one event.
 */
const acceptedFrozen = new WeakMap<object, ValidateFunction<unknown>>();

/**
 * `validate(value)`, remembered for a value frozen all the way down (`key`, the part of `value` that
 * can vary, defaults to the value itself): once accepted it cannot become invalid, so the same object
 * is accepted again without running the schema. A value that can still change is checked every time.
 */
export function acceptedBy<T>(
  validate: ValidateFunction<T>,
  value: unknown,
  key: unknown = value,
): value is T {
  const remembered = typeof key === 'object' && key !== null;
  if (remembered && acceptedFrozen.get(key) === validate) return true;
  if (!validate(value)) return false;
  if (remembered && isFrozenJson(key)) acceptedFrozen.set(key, validate);
  return true;
}

/** Frozen, and so is every object it holds (JSON values: no accessors, no typed arrays, which never freeze). */
function isFrozenJson(value: object): boolean {
  if (!Object.isFrozen(value)) return false;
  for (const key in value) {
    const nested: unknown = (value as Record<string, unknown>)[key];
    if (typeof nested === 'object' && nested !== null && !isFrozenJson(nested)) return false;
  }
  return true;
}
