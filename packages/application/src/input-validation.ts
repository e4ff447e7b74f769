import { MAX_MONEY_NUMBER, MONEY_MARK, MONEY_RULE_TEXT, validatorFor } from '@gw/contracts';

type SchemaError = NonNullable<ReturnType<typeof validatorFor>['errors']>[number];

/** One thing wrong with an operator's or merchant's input, and the field it is about ('' for the whole). */
export interface InputProblem {
  field: string;
  message: string;
}

/**
 * Input the admin API, the CLI and the dashboard refuse for the same reason: each shows the problems in
 * its own way (a 400 body naming every field, a message beside each form field).
 */
export class InvalidInputError extends Error {
  override readonly name = 'InvalidInputError';
  constructor(readonly problems: InputProblem[]) {
    super([...new Set(problems.map(({ message }) => message))].join('; ') || 'Request body is invalid');
  }
}

export const inputRefused = (field: string, message: string): InvalidInputError =>
  new InvalidInputError([{ field, message }]);

// Schema fragments of the input bodies: unknown fields are refused, so an operator's typo
// (`enabled_coin`) is an error instead of a silently ignored setting.
export const NOT_BLANK = '\\S';
const CURRENCY_CODE = '^[A-Za-z0-9]+$';
const HTTP_URL = '^[Hh][Tt][Tt][Pp][Ss]?://';
const DECIMAL = '^[0-9]+(\\.[0-9]+)?$';

/** How a failed `pattern` reads to an operator. */
const PATTERN_MEANINGS: Record<string, string> = {
  [NOT_BLANK]: 'must not be blank',
  [CURRENCY_CODE]: 'must be a currency code (letters and digits)',
  [HTTP_URL]: 'must be an http or https URL',
  [DECIMAL]: 'must be a decimal number such as 9.99',
};

/** Type-specific keywords (pattern, minItems, format) only apply to their own type, so null passes them. */
export const nullable = (schema: { type: string } & Record<string, unknown>) => ({
  ...schema,
  type: [schema.type, 'null'],
});
export const currencyCode = { type: 'string', minLength: 1, maxLength: 32, pattern: CURRENCY_CODE };
export const coinList = { type: 'array', minItems: 1, maxItems: 500, items: currencyCode };
export const httpUrl = { type: 'string', maxLength: 2048, format: 'uri', pattern: HTTP_URL };
export const email = { type: 'string', maxLength: 254, format: 'email' };
/**
 * A positive amount as a JSON number or a decimal string (exact, for amounts a float cannot hold). The
 * schema is the first gate (`maximum` also refuses Infinity); the money parser is the rule.
 */
export const decimalAmount = {
  type: ['number', 'string'],
  exclusiveMinimum: 0,
  maximum: MAX_MONEY_NUMBER,
  maxLength: 40,
  pattern: DECIMAL,
  description: MONEY_RULE_TEXT,
  [MONEY_MARK]: true,
};

/** Checks input against its schema; a failure names every offending field. */
export function validateInput<T>(schema: object, body: unknown): T {
  const validate = validatorFor(schema);
  if (!validate(body)) throw new InvalidInputError((validate.errors ?? []).map(problemOf));
  return body as T;
}

function problemOf(error: SchemaError): InputProblem {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  switch (error.keyword) {
    case 'required': {
      const field = prefixed(path, String(error.params.missingProperty));
      return { field, message: `${field} is required` };
    }
    case 'additionalProperties': {
      const field = prefixed(path, String(error.params.additionalProperty));
      return { field, message: `${field} is not a known field` };
    }
    case 'type': {
      const types = ([] as unknown[]).concat(error.params.type);
      return { field: path, message: `${path || 'body'} must be ${types.join(' or ')}` };
    }
    case 'pattern': {
      const meaning = PATTERN_MEANINGS[String(error.params.pattern)] ?? error.message ?? 'is invalid';
      return { field: path, message: `${path || 'body'} ${meaning}` };
    }
    case 'enum':
      return {
        field: path,
        message: `${path || 'body'} must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`,
      };
    default:
      return { field: path, message: `${path || 'body'} ${error.message ?? 'is invalid'}` };
  }
}

const prefixed = (parent: string, name: string) => (parent ? `${parent}.${name}` : name);
