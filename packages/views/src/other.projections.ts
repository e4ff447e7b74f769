import {
  assertNever,
  type InvoiceEvent,
  type MerchantEvent,
  type SubscriptionEvent,
  type SubscriptionPlanEvent,
  type UsedPayAddressSkipped,
  type WalletEvent,
} from '@gw/domain';
import type {
  InvoiceDocument,
  MerchantDocument,
  PlanDocument,
  SkippedAddressRecord,
  SubscriptionDocument,
  WalletDocument,
} from './documents';

export function projectInvoice(
  doc: InvoiceDocument | null,
  event: InvoiceEvent,
  version: number,
): InvoiceDocument | null {
  switch (event.type) {
    case 'InvoiceCreated':
      return (
        doc ?? {
          id: event.data.invoiceId,
          version,
          ...event.data,
          paymentIds: [],
          updatedAt: event.data.createdAt,
        }
      );
    case 'InvoicePaymentStarted':
      return (
        doc && {
          ...doc,
          version,
          paymentIds: [...doc.paymentIds, event.data.paymentId],
          updatedAt: event.data.at,
        }
      );
    default:
      return assertNever(event);
  }
}

export function projectMerchant(
  doc: MerchantDocument | null,
  event: MerchantEvent,
  version: number,
): MerchantDocument | null {
  switch (event.type) {
    case 'MerchantCreated':
      return doc ?? { id: event.data.merchantId, version, ...event.data, updatedAt: event.data.createdAt };
    case 'MerchantCoinsChanged':
      return doc && { ...doc, version, enabledCoins: event.data.enabledCoins, updatedAt: event.data.at };
    case 'MerchantOutcomeCurrencyChanged':
      return (
        doc && { ...doc, version, outcomeCurrency: event.data.outcomeCurrency, updatedAt: event.data.at }
      );
    case 'MerchantCredentialsResealed': {
      if (!doc) return null;
      const { at, ...ciphers } = event.data;
      return { ...doc, ...ciphers, version, updatedAt: at };
    }
    case 'MerchantCredentialRotated': {
      if (!doc) return null;
      const { credential, hash, cipher, at } = event.data;
      const next = { ...doc, version, updatedAt: at };
      switch (credential) {
        case 'apiKey':
          return { ...next, apiKeyHash: hash ?? doc.apiKeyHash };
        case 'betaApiKey':
          return {
            ...next,
            betaApiKeyHash: hash ?? doc.betaApiKeyHash,
            betaApiKeyCipher: cipher ?? doc.betaApiKeyCipher,
          };
        case 'paymentKey':
          return { ...next, paymentKeyCipher: cipher ?? doc.paymentKeyCipher };
        case 'ipnSecret':
          return { ...next, ipnSecretCipher: cipher ?? doc.ipnSecretCipher };
        default:
          return assertNever(credential);
      }
    }
    case 'MerchantWalletSet':
      return (
        doc && {
          ...doc,
          version,
          wallets: { ...doc.wallets, [event.data.network]: event.data },
          updatedAt: event.data.setAt,
        }
      );
    case 'MerchantWalletRemoved': {
      if (!doc) return doc;
      const { [event.data.network]: _removed, ...wallets } = doc.wallets ?? {};
      return { ...doc, version, wallets, updatedAt: event.data.at };
    }
    default:
      return assertNever(event);
  }
}

/** The wallet's document is created by its first allocation; its id is the wallet stream's id part. */
export function projectWallet(
  doc: WalletDocument | null,
  event: WalletEvent,
  version: number,
  walletId: string,
): WalletDocument | null {
  switch (event.type) {
    case 'PayAddressAllocated':
    case 'UsedPayAddressSkipped': {
      const [merchantId = '', network = '', keyId = ''] = walletId.split(':');
      const skipped = doc?.skippedAddresses ?? [];
      return {
        id: walletId,
        version,
        merchantId,
        network,
        keyId,
        nextIndex: Math.max(doc?.nextIndex ?? 0, event.data.index + 1),
        skippedAddresses:
          event.type === 'UsedPayAddressSkipped' ? [...skipped, skippedAddressOf(event.data)] : skipped,
        updatedAt: event.data.at,
      };
    }
    default:
      return assertNever(event);
  }
}

const skippedAddressOf = (data: UsedPayAddressSkipped['data']): SkippedAddressRecord => ({
  index: data.skippedIndex,
  address: data.skippedAddress,
  txHash: data.txHash,
  paymentId: data.paymentId,
  at: data.at,
});

export function projectPlan(
  doc: PlanDocument | null,
  event: SubscriptionPlanEvent,
  version: number,
): PlanDocument | null {
  return doc ?? { id: String(event.data.planId), version, ...event.data, updatedAt: event.data.createdAt };
}

export function projectSubscription(
  doc: SubscriptionDocument | null,
  event: SubscriptionEvent,
  version: number,
): SubscriptionDocument | null {
  switch (event.type) {
    case 'SubscriptionCreated':
      return (
        doc ?? {
          id: String(event.data.subscriptionId),
          version,
          ...event.data,
          status: 'active',
          isActive: true,
          updatedAt: event.data.createdAt,
        }
      );
    case 'SubscriptionStatusChanged':
      return (
        doc && {
          ...doc,
          version,
          status: event.data.status,
          isActive: event.data.status === 'active',
          updatedAt: event.data.at,
        }
      );
    default:
      return assertNever(event);
  }
}
