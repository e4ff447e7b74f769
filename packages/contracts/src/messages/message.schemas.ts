import type { AnyCommandType } from '@gw/domain';
import { TOPICS } from '../topics';
import { EVENT_DATA_SCHEMAS } from './event-data.schemas';
import {
  boolean,
  decimal,
  enumOf,
  integer,
  nullable,
  object,
  string,
  timestamp,
  type Schema,
  withOptional,
} from './schema-builders';

const eventTypes = Object.keys(EVENT_DATA_SCHEMAS);

/**
 * Every topic contract names its dialect (a registry tells a JSON Schema from other content by
 * `$schema`; Apicurio refuses to guess) and carries its major version in its `$id`. Changes within a
 * major version are BACKWARD compatible and become new versions of the registry subject
 * `<topic>-value`; a breaking change is a new major version on a new topic (docs/events.md).
 */
export const JSON_SCHEMA_DIALECT = 'http://json-schema.org/draft-07/schema#';
export const contractSchemaId = (topic: string, major: number): string =>
  `https://gateway.local/schemas/${topic}/v${major}.json`;
const contract = (topic: string, major: number, title: string): Schema => ({
  $schema: JSON_SCHEMA_DIALECT,
  $id: contractSchemaId(topic, major),
  title: `${title}, v${major}`,
});

/**
 * `payments.events`: the envelope, with `data` checked against the schema of its `type`: one `anyOf`
 * branch per event type. Not `allOf` of `if`/`then` pairs, which says the same: registries (Apicurio,
 * Confluent) judge a new `allOf` member a narrowing, so a new event type was refused as not BACKWARD
 * compatible and every upgrade's start failed; a new `anyOf` branch is a widening they accept.
 */
export const EVENT_MESSAGE_SCHEMA: Schema = {
  ...contract(TOPICS.events, 1, 'payments.events message'),
  ...object({
    eventId: string(),
    type: enumOf(eventTypes),
    streamId: string(),
    version: integer({ minimum: 1 }),
    occurredAt: timestamp(),
    merchantId: string(),
    data: { type: 'object' },
    metadata: object({ correlationId: string(), causationId: string() }),
  }),
  anyOf: eventTypes.map((type) => ({
    properties: { type: { const: type }, data: EVENT_DATA_SCHEMAS[type as keyof typeof EVENT_DATA_SCHEMAS] },
  })),
};

const COMMAND_TYPES: readonly AnyCommandType[] = [
  'CreatePayment',
  'OpenRepeatedPayment',
  'RecordDeposit',
  'DropDeposit',
  'StartPayout',
  'CompletePayout',
  'FailPayment',
  'RefundPayment',
  'RequestRefund',
  'RecordRefundTransfer',
  'ExpirePayment',
  'UpdatePaymentEstimate',
  'CreateInvoice',
  'StartInvoicePayment',
  'CreateMerchant',
  'RotateMerchantCredential',
  'ResealMerchantCredentials',
  'SetMerchantCoins',
  'SetMerchantOutcomeCurrency',
  'SetMerchantWallet',
  'RemoveMerchantWallet',
  'CreateSubscriptionPlan',
  'CreateSubscription',
  'ChangeSubscriptionStatus',
  'AllocatePayAddress',
  'SkipUsedPayAddress',
  'OpenStaticAddress',
  'RecordStaticDeposit',
  'RevokeStaticAddress',
];

/** `payments.commands`. Command data is checked by the deciders; the envelope is checked here. */
export const COMMAND_MESSAGE_SCHEMA: Schema = {
  ...contract(TOPICS.commands, 1, 'payments.commands message'),
  ...object({
    commandId: string(),
    streamId: string(),
    merchantId: string(),
    command: object({
      type: enumOf(COMMAND_TYPES),
      data: { type: 'object' },
      metadata: object({ now: timestamp(), correlationId: string(), causationId: string() }),
    }),
  }),
};

export const REPLY_MESSAGE_SCHEMA: Schema = {
  ...contract(TOPICS.replies, 1, 'payments.replies message'),
  oneOf: [
    object({
      ok: { const: true },
      commandId: string(),
      streamId: string(),
      version: integer({ minimum: 0 }),
      eventTypes: { type: 'array', items: string() },
    }),
    object({
      ok: { const: false },
      commandId: string(),
      streamId: string(),
      error: object({ code: string(), message: string() }),
    }),
  ],
};

const depositFields = object({
  payAddress: string(),
  network: string(),
  paymentId: integer({ minimum: 1 }),
  merchantId: string(),
  txHash: string(),
  amount: decimal(),
  fromAddress: nullable(string()),
  confirmations: integer({ minimum: 0 }),
  observedAt: timestamp(),
});

export const DEPOSIT_MESSAGE_SCHEMA: Schema = {
  ...contract(TOPICS.deposits, 1, 'chain.deposits message'),
  // Optional, so messages written before they existed (and the sandbox's) stay valid: BACKWARD.
  ...withOptional(depositFields, {
    blockHash: nullable(string()),
    blockHeight: nullable(integer({ minimum: 0 })),
    outputIndex: nullable(integer({ minimum: 0 })),
    dropped: boolean(),
    refund: boolean(),
  }),
};

/** Topic → schema: what the schema codec validates (and registers with a schema registry). */
export const TOPIC_SCHEMAS: Record<string, Schema> = {
  [TOPICS.commands]: COMMAND_MESSAGE_SCHEMA,
  [TOPICS.replies]: REPLY_MESSAGE_SCHEMA,
  [TOPICS.events]: EVENT_MESSAGE_SCHEMA,
  [TOPICS.deposits]: DEPOSIT_MESSAGE_SCHEMA,
};
