/** Small builders so message schemas read like the types they mirror. Every object is closed. */
export type Schema = Record<string, unknown>;

export const string = (extra: Schema = {}): Schema => ({ type: 'string', ...extra });
export const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });
export const decimal = (): Schema => ({ type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' });
export const timestamp = (): Schema => ({ type: 'string', format: 'date-time' });
export const integer = (extra: Schema = {}): Schema => ({ type: 'integer', ...extra });
export const number = (): Schema => ({ type: 'number' });
export const boolean = (): Schema => ({ type: 'boolean' });
export const enumOf = (values: readonly string[]): Schema => ({ type: 'string', enum: [...values] });
export const arrayOf = (items: Schema): Schema => ({ type: 'array', items });

/** A closed object whose every property is required (optional data is `null`, never absent). */
export const object = (properties: Record<string, Schema>): Schema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

/**
 * A closed object with properties added after it was first published: optional, so messages and
 * events written before them stay valid (BACKWARD compatible).
 */
export const withOptional = (schema: Schema, properties: Record<string, Schema>): Schema => ({
  ...schema,
  properties: { ...(schema.properties as Schema), ...properties },
});

/** The keyword listing the fields of an event that stay on the write side (see public-events.ts). */
export const WRITE_SIDE_ONLY = 'x-write-side-only';

/**
 * Fields the event store keeps but `payments.events` never carries (merchant credentials). They stay
 * listed, optional, so a message published before they were withdrawn still validates (BACKWARD).
 */
export function writeSideOnly(schema: Schema, fields: readonly string[]): Schema {
  const properties = schema.properties as Record<string, Schema>;
  return {
    ...schema,
    required: (schema.required as string[]).filter((name) => !fields.includes(name)),
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [
        name,
        fields.includes(name)
          ? { ...property, description: 'Write side only: never published; older messages may carry it.' }
          : property,
      ]),
    ),
    [WRITE_SIDE_ONLY]: [...fields],
  };
}
