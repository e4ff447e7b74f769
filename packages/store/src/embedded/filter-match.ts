import type { Filter, Range, Scalar } from '../read-models';
import { compareValues, typeClass, valuesAt } from './document-values';

const OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in']);

export function isRange(condition: Scalar | Range): condition is Range {
  return typeof condition === 'object' && condition !== null;
}

/**
 * Rejects what either adapter would read differently: operators outside the port's subset, and field
 * names starting with `$`, which MongoDB would take for top-level operators such as `$where`.
 */
export function assertFilter(filter: Filter): void {
  for (const [field, condition] of Object.entries(filter)) {
    if (field.startsWith('$')) throw new Error(`unsupported top-level operator ${field}`);
    if (!isRange(condition)) continue;
    for (const operator of Object.keys(condition)) {
      if (!OPERATORS.has(operator)) throw new Error(`unsupported operator ${operator} on ${field}`);
    }
  }
}

function equals(candidate: unknown, expected: Scalar): boolean {
  if (expected === null) return candidate === null || candidate === undefined;
  return candidate === expected;
}

/** $gt and friends compare within one type class only; null compares equal to null/missing. */
function compares(candidate: unknown, bound: Scalar, accept: (order: number) => boolean): boolean {
  if (typeClass(candidate) !== typeClass(bound)) return false;
  return accept(compareValues(candidate, bound));
}

function anyValue(values: unknown[], test: (value: unknown) => boolean): boolean {
  return values.some(test);
}

function matchesRange(values: unknown[], range: Range): boolean {
  if (range.$eq !== undefined && !anyValue(values, (value) => equals(value, range.$eq!))) return false;
  if (range.$ne !== undefined && anyValue(values, (value) => equals(value, range.$ne!))) return false;
  if (range.$gt !== undefined && !anyValue(values, (value) => compares(value, range.$gt!, (o) => o > 0)))
    return false;
  if (range.$gte !== undefined && !anyValue(values, (value) => compares(value, range.$gte!, (o) => o >= 0))) {
    return false;
  }
  if (range.$lt !== undefined && !anyValue(values, (value) => compares(value, range.$lt!, (o) => o < 0)))
    return false;
  if (range.$lte !== undefined && !anyValue(values, (value) => compares(value, range.$lte!, (o) => o <= 0))) {
    return false;
  }
  if (
    range.$in !== undefined &&
    !anyValue(values, (value) => range.$in!.some((option) => equals(value, option)))
  ) {
    return false;
  }
  return true;
}

/** MongoDB's matching for the port's filter subset: every field's condition must hold. */
export function matches(document: unknown, filter: Filter): boolean {
  for (const [path, condition] of Object.entries(filter)) {
    const values = valuesAt(document, path);
    if (isRange(condition)) {
      if (!matchesRange(values, condition)) return false;
    } else if (!anyValue(values, (value) => equals(value, condition))) {
      return false;
    }
  }
  return true;
}
