import { alphaValidators, type AlphaCheck } from '@gw/contracts/api/alpha';
import type { Request } from 'express';
import { validationFailed } from '@gw/families';

/** Family A's request validators (its JSON Schemas), for the routes. */
export { alphaValidators };

/** PHP's SDK sends `[]` (an empty PHP array) when a call has no parameters. */
export function paramsOf(req: Request): unknown {
  return Array.isArray(req.body) && req.body.length === 0 ? {} : req.body;
}

/** The checked value, or the family's validation error. */
export function valid<T>(check: AlphaCheck<T>): T {
  if (!check.ok) throw validationFailed(check.errors);
  return check.value;
}
