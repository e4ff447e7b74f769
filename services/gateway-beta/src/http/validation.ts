import { betaValidators, type BetaCheck } from '@gw/contracts/api/beta';
import { invalidField } from '@gw/families';

/** Family B's request validators (its JSON Schemas), for the routes. */
export { betaValidators };

/** The checked value, or the family's validation error for the first field that failed. */
export function valid<T>(check: BetaCheck<T>): T {
  if (!check.ok) throw invalidField(check.problem);
  return check.value;
}
