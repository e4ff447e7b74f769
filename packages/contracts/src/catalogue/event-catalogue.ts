import { EVENT_DATA_SCHEMAS } from '../messages/event-data.schemas';
import { EVENT_MESSAGE_SCHEMA } from '../messages/message.schemas';
import type { Schema } from '../messages/schema-builders';
import { TOPICS } from '../topics';

/** The stream each event type is appended to: events are named after their aggregate. */
const STREAM_OF_EVENT_PREFIX: [prefix: string, stream: string][] = [
  ['SubscriptionPlan', 'plan-<planId>'],
  ['Subscription', 'subscription-<subscriptionId>'],
  ['Invoice', 'invoice-<invoiceId>'],
  ['Merchant', 'merchant-<merchantId>'],
  ['', 'payment-<paymentId>'],
];

const streamOf = (type: string) => STREAM_OF_EVENT_PREFIX.find(([prefix]) => type.startsWith(prefix))![1];

/**
 * The public catalogue of `payments.events`, rendered as Markdown from the same JSON Schemas the bus
 * validates with, so the document cannot drift from the contract (a unit test compares it to docs/events.md).
 */
export function renderEventCatalogue(): string {
  const lines = [
    '# Event catalogue: `payments.events`',
    '',
    '<!-- Generated from packages/contracts by `pnpm -s events:catalogue`; do not edit by hand. -->',
    '',
    `Topic \`${TOPICS.events}\`, key = stream id, one message per event, in version order per stream.`,
    'Delivery is at least once: de-duplicate by `(streamId, version)`. Every message has this envelope:',
    '',
    ...fieldTable(EVENT_MESSAGE_SCHEMA),
    '',
    'Decimal amounts are strings (`"12.5"`), never binary floats; timestamps are ISO 8601 UTC.',
    '',
    '| event | stream |',
    '| --- | --- |',
    ...Object.keys(EVENT_DATA_SCHEMAS).map(
      (type) => `| [\`${type}\`](#${type.toLowerCase()}) | \`${streamOf(type)}\` |`,
    ),
  ];
  for (const [type, schema] of Object.entries(EVENT_DATA_SCHEMAS)) {
    lines.push('', `## ${type}`, '', `Stream \`${streamOf(type)}\`. \`data\`:`, '', ...fieldTable(schema));
  }
  return `${lines.join('\n')}\n`;
}

function fieldTable(schema: Schema, prefix = ''): string[] {
  const header = prefix === '' ? ['| field | type | required |', '| --- | --- | --- |'] : [];
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  return [
    ...header,
    ...Object.entries(properties).flatMap(([name, property]) => {
      const path = `${prefix}${name}`;
      const row = `| \`${path}\` | ${describeType(property)} | ${required.has(name) ? 'yes' : 'no'} |`;
      const nested = objectWithin(property);
      return nested ? [row, ...fieldTable(nested, `${path}.`)] : [row];
    }),
  ];
}

function objectWithin(schema: Schema): Schema | undefined {
  if (schema.type === 'object' && schema.properties) return schema;
  const options = schema.anyOf as Schema[] | undefined;
  return options?.find((option) => option.type === 'object' && option.properties);
}

function describeType(schema: Schema): string {
  if (schema.anyOf) return (schema.anyOf as Schema[]).map(describeType).join(' \\| ');
  if (schema.enum && sameValues(schema.enum as string[], Object.keys(EVENT_DATA_SCHEMAS)))
    return 'string, one of the event types below';
  if (schema.enum) return (schema.enum as string[]).map((value) => `\`${value}\``).join(', ');
  if (schema.type === 'array') return `array of ${describeType(schema.items as Schema)}`;
  if (schema.type === 'string' && schema.pattern === '^-?\\d+(\\.\\d+)?$') return 'decimal string';
  if (schema.type === 'string' && schema.format) return `string (${String(schema.format)})`;
  if (schema.type === 'integer' && schema.minimum !== undefined) return `integer ≥ ${String(schema.minimum)}`;
  return String(schema.type);
}

const sameValues = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((value) => b.includes(value));
