import type { V1Validator } from '@gw/contracts/api/v1';
import { invalidParams } from '@gw/families';

/** Runs a V1 validator and throws the 400 naming the failing field. */
export function validated<T>(validator: V1Validator<T>, value: unknown): T {
  const result = validator.check(value);
  if (!result.ok) throw invalidParams(result.problem.message);
  return result.value;
}

/** Query strings are copied before validation, which coerces values and fills defaults in place. */
export function validatedQuery<T>(validator: V1Validator<T>, query: unknown): T {
  return validated(validator, { ...(query as object) });
}
