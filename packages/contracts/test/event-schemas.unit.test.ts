import {
  decideFromHistory,
  type AnyCommand,
  type AnyEvent,
  type CommandMetadata,
  type PaymentTerms,
} from '@gw/domain';
import { sampleInvoiceTerms, sampleStaticAddressTerms, sampleStaticDeposit } from '@gw/domain/testing';
import { EVENT_DATA_SCHEMAS } from '../src/messages/event-data.schemas';
import { EVENT_MESSAGE_SCHEMA } from '../src/messages/message.schemas';
import { describeErrors, validatorFor } from '../src/validation';

const metadata: CommandMetadata = { now: '2026-03-01T12:00:00.000Z', correlationId: 'c', causationId: 'c' };

const terms: PaymentTerms = {
  paymentId: 4409701815,
  uuid: '8b03432e-0000-4000-8000-000000000001',
  trackId: '4409701815',
  merchantId: 'm1',
  family: 'alpha',
  priceAmount: '15',
  priceCurrency: 'usd',
  payCurrency: 'usdttrc20',
  payNetwork: 'trx',
  payAmount: '15.000000',
  payDecimals: 6,
  payAddress: 'TGCSwwdKo6LGbNWe8kdBqY9JKBBm2XjQY4',
  payinExtraId: null,
  payWalletKeyId: null,
  payAddressIndex: null,
  testPayment: true,
  outcomeCurrency: 'usdttrc20',
  orderId: 'o-1',
  orderDescription: null,
  purchaseId: 6084744717,
  invoiceId: null,
  callbackUrl: null,
  redirectUrls: { success: null, cancel: null, partiallyPaid: null, return: null },
  underpaidTolerancePercent: '0',
  isPaymentMultiple: true,
  requiredConfirmations: 1,
  isFixedRate: false,
  isFeePaidByUser: false,
  sandboxCase: null,
  createdAt: '2026-03-01T11:00:00.000Z',
  expiresAt: '2026-03-02T11:00:00.000Z',
  alpha: {
    network: 'tron',
    discountPercent: -5,
    discount: '-0.75',
    additionalData: null,
    subtractPercent: '0',
    toCurrency: null,
    isRefresh: false,
  },
  beta: null,
  parentPaymentId: null,
};

/** Drives every aggregate through commands so the samples are what the deciders really produce. */
function scenario(commands: AnyCommand[]): AnyEvent[] {
  const history: AnyEvent[] = [];
  for (const command of commands) history.push(...decideFromHistory(command, history));
  return history;
}

const cmd = <T extends AnyCommand['type']>(type: T, data: Extract<AnyCommand, { type: T }>['data']) =>
  ({ type, data, metadata }) as AnyCommand;

const produced: AnyEvent[] = [
  // V1: an underpayment takes a top-up (family A's wrong_amount is final), and late money opens a repeat.
  ...scenario([
    cmd('CreatePayment', { ...terms, family: 'v1' }),
    cmd('UpdatePaymentEstimate', { payAmount: '15.1', expiresAt: '2026-03-01T12:20:00.000Z' }),
    cmd('RecordDeposit', { txHash: 'a1', amount: '5', fromAddress: null, confirmations: 0 }),
    // A chain watcher names the output (txid:vout); the sandbox names none.
    cmd('RecordDeposit', {
      txHash: 'a2',
      outputIndex: 1,
      amount: '10.1',
      fromAddress: 'TX',
      confirmations: 0,
    }),
    cmd('RecordDeposit', { txHash: 'a1', amount: '5', fromAddress: null, confirmations: 1 }),
    cmd('RecordDeposit', {
      txHash: 'a2',
      outputIndex: 1,
      amount: '10.1',
      fromAddress: 'TX',
      confirmations: 1,
    }),
    // A reorganisation, then the new branch.
    cmd('RecordDeposit', {
      txHash: 'a2',
      outputIndex: 1,
      amount: '10.1',
      fromAddress: 'TX',
      confirmations: 0,
    }),
    cmd('RecordDeposit', {
      txHash: 'a2',
      outputIndex: 1,
      amount: '10.1',
      fromAddress: 'TX',
      confirmations: 1,
    }),
    cmd('StartPayout', { serviceFeePercent: '0.5' }),
    cmd('CompletePayout', { payoutHash: 'b'.repeat(64) }),
    cmd('RequestRefund', { address: 'bc1qbuyer', amount: null }),
    cmd('RefundPayment', { refundHash: null }),
    cmd('RecordDeposit', {
      txHash: 'a3',
      amount: '15.1',
      fromAddress: null,
      confirmations: 0,
      repeatedPayment: { paymentId: 4409701816, uuid: '8b03432e-0000-4000-8000-000000000002' },
    }),
    cmd('RecordDeposit', { txHash: 'a3', amount: '15.1', fromAddress: null, confirmations: 1 }),
  ]),
  ...scenario([
    cmd('OpenRepeatedPayment', {
      terms: { ...terms, paymentId: 4409701816, parentPaymentId: 4409701815 },
      deposit: { txHash: 'a4', amount: '20', fromAddress: null, confirmations: 0 },
    }),
  ]),
  // A deposit whose transaction left the chain for good, before and after the payment was settled.
  ...scenario([
    cmd('CreatePayment', { ...terms, family: 'v1', paymentId: 4409701817 }),
    cmd('RecordDeposit', { txHash: 'a5', outputIndex: 0, amount: '15', fromAddress: null, confirmations: 0 }),
    cmd('DropDeposit', { txHash: 'a5', outputIndex: 0 }),
    cmd('RecordDeposit', { txHash: 'a6', outputIndex: 0, amount: '15', fromAddress: null, confirmations: 1 }),
    cmd('StartPayout', { serviceFeePercent: '0.5' }),
    cmd('CompletePayout', { payoutHash: 'c'.repeat(64) }),
    cmd('DropDeposit', { txHash: 'a6', outputIndex: 0 }),
  ]),
  // Money mined on the address before the payment existed (below the tip recorded at its creation).
  ...scenario([
    cmd('CreatePayment', {
      ...terms,
      paymentId: 4409701818,
      payAddressChainTip: { height: 500, hash: 'd'.repeat(64) },
    }),
    cmd('RecordDeposit', {
      txHash: 'a7',
      outputIndex: 0,
      amount: '15',
      fromAddress: null,
      confirmations: 3,
      block: { height: 498, hash: 'e'.repeat(64) },
    }),
  ]),
  ...scenario([
    cmd('CreatePayment', {
      ...terms,
      beta: {
        lifetimeMinutes: 60,
        feePaidByPayer: true,
        toCurrency: null,
        email: 'a@b.c',
        thanksMessage: null,
        description: null,
      },
      alpha: null,
    }),
    cmd('FailPayment', { reason: 'sandbox' }),
  ]),
  ...scenario(
    [cmd('CreatePayment', terms), cmd('ExpirePayment', {} as Record<string, never>)].map((c) =>
      c.type === 'ExpirePayment' ? { ...c, metadata: { ...metadata, now: '2026-03-03T00:00:00.000Z' } } : c,
    ),
  ),
  ...scenario([
    cmd(
      'CreateInvoice',
      sampleInvoiceTerms({
        invoiceId: '5a7e3f0e-2d6b-4b7a-9a57-8a0b8d1b3c11',
        tokenId: 'tok',
        merchantId: 'm1',
        createdAt: metadata.now,
      }),
    ),
    cmd('StartInvoicePayment', { paymentId: 4409701815, payCurrency: 'btc' }),
  ]),
  ...scenario([
    cmd('CreateMerchant', {
      merchantId: 'm1',
      name: 'Shop',
      email: null,
      enabledCoins: null,
      outcomeCurrency: null,
      createdAt: metadata.now,
      apiKeyHash: 'h',
      betaApiKeyHash: 'h',
      betaApiKeyCipher: 'c',
      paymentKeyCipher: 'c',
      ipnSecretCipher: 'c',
    }),
    cmd('RotateMerchantCredential', { credential: 'ipnSecret', hash: null, cipher: 'c2' }),
    cmd('ResealMerchantCredentials', {
      betaApiKeyCipher: 'r1',
      paymentKeyCipher: 'r2',
      ipnSecretCipher: 'r3',
    }),
    cmd('SetMerchantCoins', { enabledCoins: ['btc', 'eth'] }),
    cmd('SetMerchantOutcomeCurrency', { outcomeCurrency: 'eur' }),
    cmd('SetMerchantWallet', {
      network: 'btc',
      chainKind: 'mainnet',
      extendedPublicKey:
        'xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V',
      descriptor:
        'wpkh(xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V/0/*)#xxxxxxxx',
      keyId: '0123456789abcdef',
    }),
    cmd('RemoveMerchantWallet', { network: 'btc' }),
  ]),
  ...scenario([
    cmd('AllocatePayAddress', { paymentId: 4409701815 }),
    cmd('AllocatePayAddress', { paymentId: 4409701816 }),
    cmd('SkipUsedPayAddress', {
      paymentId: 4409701816,
      skippedIndex: 1,
      skippedAddress: 'bc1qused',
      txHash: 'f'.repeat(64),
    }),
  ]),
  ...scenario([
    cmd('CreateSubscriptionPlan', {
      planId: 76215585,
      merchantId: 'm1',
      title: 'Pro',
      amount: '0.5',
      currency: 'usd',
      intervalDay: 30,
      successUrl: null,
      cancelUrl: null,
      partiallyPaidUrl: null,
      ipnCallbackUrl: null,
      createdAt: metadata.now,
    }),
  ]),
  ...scenario([
    cmd('CreateSubscription', {
      subscriptionId: 1515573197,
      planId: 76215585,
      merchantId: 'm1',
      subscriberEmail: 'buyer@example.com',
      createdAt: metadata.now,
      expireDate: '2026-04-01T12:00:00.000Z',
    }),
    cmd('ChangeSubscriptionStatus', { status: 'paused' }),
  ]),
  ...scenario([
    cmd('OpenStaticAddress', sampleStaticAddressTerms()),
    cmd('RecordStaticDeposit', { ...sampleStaticDeposit(1), paymentId: 4409701817 }),
    cmd('RevokeStaticAddress', {}),
    cmd('RecordStaticDeposit', { ...sampleStaticDeposit(2, { outputIndex: null }), paymentId: 4409701818 }),
  ]),
];

describe('event schemas and domain event types', () => {
  it('cover every event type the deciders produce in the scenarios, and no other', () => {
    expect(new Set(produced.map((e) => e.type))).toEqual(new Set(Object.keys(EVENT_DATA_SCHEMAS)));
  });

  it.each(produced.map((e) => [e.type, e] as const))('accept the %s the domain produces', (_type, event) => {
    const validate = validatorFor(EVENT_MESSAGE_SCHEMA);
    const message = {
      eventId: 'e1',
      type: event.type,
      streamId: 's-1',
      version: 1,
      occurredAt: metadata.now,
      merchantId: 'm1',
      data: event.data,
      metadata: { correlationId: 'c', causationId: 'c' },
    };
    const ok = validate(message);
    expect(describeErrors(validate.errors)).toBe('');
    expect(ok).toBe(true);
  });

  it.each(['DepositDetected', 'DepositConfirmationsUpdated', 'LateDepositReceived'] as const)(
    'accept a %s stored before deposits named their output (BACKWARD)',
    (type) => {
      const event = produced.find((e) => e.type === type)!;
      const { outputIndex: _outputIndex, ...stored } = event.data as { outputIndex?: number | null };
      const validate = validatorFor(EVENT_MESSAGE_SCHEMA);
      const message = {
        eventId: 'e1',
        type,
        streamId: 's-1',
        version: 1,
        occurredAt: metadata.now,
        merchantId: 'm1',
        data: stored,
        metadata: { correlationId: 'c', causationId: 'c' },
      };
      expect(validate(message)).toBe(true);
      expect(stored).not.toHaveProperty('outputIndex');
    },
  );

  it('reject an event whose data drifts from its type', () => {
    const validate = validatorFor(EVENT_MESSAGE_SCHEMA);
    const message = {
      eventId: 'e1',
      type: 'PaymentExpired',
      streamId: 's-1',
      version: 1,
      occurredAt: metadata.now,
      merchantId: 'm1',
      data: { at: metadata.now, extra: 1 },
      metadata: { correlationId: 'c', causationId: 'c' },
    };
    expect(validate(message)).toBe(false);
  });
});
