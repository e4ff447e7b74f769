import { AGGREGATES, AGGREGATE_NAMES, type AggregateName } from '@gw/domain';
import { EVENT_DATA_SCHEMAS } from '../messages/event-data.schemas';
import { EVENT_MESSAGE_SCHEMA, JSON_SCHEMA_DIALECT } from '../messages/message.schemas';
import { WRITE_SIDE_ONLY, type Schema } from '../messages/schema-builders';
import { TOPICS } from '../topics';

/** The id part of each aggregate's stream ids. */
const STREAM_ID_OF_AGGREGATE: Record<AggregateName, string> = {
  payment: '<paymentId>',
  invoice: '<invoiceId>',
  merchant: '<merchantId>',
  plan: '<planId>',
  subscription: '<subscriptionId>',
  wallet: '<merchantId>:<network>:<keyId>',
  static: '<merchantId>:<network, or alpha>:order:<orderId> (or :~<uuid> without an order)',
};

/** The stream each event type is appended to: its aggregate's, as the aggregate module lists it. */
function streamOf(type: string): string {
  const aggregate = AGGREGATE_NAMES.find((name) => Object.hasOwn(AGGREGATES[name].eventTypes, type));
  if (!aggregate) throw new Error(`no aggregate holds ${type}`);
  return `${aggregate}-${STREAM_ID_OF_AGGREGATE[aggregate]}`;
}

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
    ...CONTRACT_SECTIONS,
    '',
    '## Event types',
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

/** How the topic is versioned, framed, dead-lettered and consumed: the same for every event type. */
const CONTRACT_SECTIONS = [
  '## Versions',
  '',
  `The message schema is JSON Schema (\`$schema\` ${JSON_SCHEMA_DIALECT}) with its major version in its`,
  `\`$id\`: \`${String(EVENT_MESSAGE_SCHEMA.$id)}\`. Within a major version every change is BACKWARD`,
  'compatible (a consumer on the new schema reads every older message): fields and event types are only',
  'added, as optional fields or new `type` values; objects are closed (`additionalProperties: false`), so',
  'a consumer sees exactly the fields listed here. A breaking change is a new major version, `v2` in the',
  '`$id`, published on a new topic beside this one until consumers have moved.',
  '',
  'With a schema registry (`SCHEMA_REGISTRY_URL`, Confluent-compatible: Apicurio Registry in development),',
  'the schema is registered at every start under the subject `<topic>-value`, here `payments.events-value`',
  '(the TopicNameStrategy), with compatibility BACKWARD; a start whose schema the registry finds',
  'incompatible, or whose subject is set to another compatibility, fails. Each registered version of',
  'the subject is one backward-compatible step of the major version in the `$id`. Each event type is one',
  '`anyOf` branch (`type` and its `data`), so a new type widens the schema, which registries accept. The',
  'integration tests register the current schemas over the first ones a registry held',
  '(`packages/bus/test/fixtures/first-registered`) on the real registry, as an upgrade does.',
  '',
  '## Wire format',
  '',
  '- Key: the stream id (UTF-8), so one stream stays on one partition, in version order.',
  '- Value without a registry: the envelope as UTF-8 JSON (first byte `{`), validated against the',
  "  schema by the producer and again by the gateway's own consumers.",
  '- Value with a registry: the Confluent framing, byte 0 = magic `0x00`, bytes 1–4 = the schema id',
  '  (big-endian int32) as the registry issued it, then the same UTF-8 JSON. Consumers fetch the',
  "  writer's schema by id (`GET <registry>/schemas/ids/<id>`) and cache it. A consumer that reads both",
  '  looks at the first byte.',
  '- Headers: `x-event-type` (the event type, as in the value: a consumer that handles few types can',
  '  skip the rest without decoding them); `traceparent` (W3C trace context) when the request that',
  '  caused the event was traced;',
  '  `x-read-model-version` (a decimal stream version) when the publishing payments instance had',
  "  written the stream's read-model document as far as that version: the projector skips the event",
  '  without reading the document. Other consumers can ignore it.',
  '',
  '## Dead-letter topics',
  '',
  'A gateway consumer that cannot handle a message retries it with backoff, holding the partition so',
  'the stream keeps its order, and after its attempts publishes the original bytes, key and headers to',
  '`<topic>.dlq` (`payments.events.dlq`, `payments.commands.dlq`, `chain.deposits.dlq`, …) with three',
  'headers added: `x-dlq-reason` (the error, one line), `x-dlq-original-topic` and `x-dlq-attempts`. A',
  'dead letter keeps the original wire format, so it decodes as the original did. A message that only',
  'failed because the registry was unreachable is retried, never dead-lettered. Internal subscribers',
  'run their own consumer groups and their own dead-letter handling; an example consumer to copy is in',
  '`apps/events-consumer-example`.',
  '',
  '## Merchant credentials',
  '',
  'Merchant events carry no credentials: the API-key hashes and the encrypted payment key, IPN secret',
  'and family B key stay in the event store, and the merchants read model, which needs them to check',
  'keys, is written by the write side (payments, with each append) and rebuilt from the event store by',
  '`gateway replay`, never from this topic. Those fields are marked "never sent" below; they stay in the',
  'schema as optional only so that messages published before they were withdrawn still validate. Such',
  "older messages keep them until the topic's retention removes them: to drop them sooner, let the",
  'retention pass or recreate the topic and replay the outbox (`gateway replay` rebuilds read models only).',
  '',
  '## Delivery',
  '',
  "The outbox relay publishes each commit's events after they are stored, at least once: a commit",
  'can be published twice (a relay crash between send and mark), so handlers skip a `(streamId,',
  "version)` they have handled, and a stream's versions arrive in order.",
];

function fieldTable(schema: Schema, prefix = ''): string[] {
  const header = prefix === '' ? ['| field | type | required |', '| --- | --- | --- |'] : [];
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const withheld = new Set((schema[WRITE_SIDE_ONLY] ?? []) as string[]);
  return [
    ...header,
    ...Object.entries(properties).flatMap(([name, property]) => {
      const path = `${prefix}${name}`;
      const presence = withheld.has(name)
        ? 'never sent (write side only)'
        : required.has(name)
          ? 'yes'
          : 'no';
      const row = `| \`${path}\` | ${describeType(property)} | ${presence} |`;
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
