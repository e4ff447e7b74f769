import type { DomainEvent } from '../messages';
import { assertNever } from '../errors';

/**
 * Secrets never appear in plain text: keys a merchant presents are stored as hashes; keys a
 * signature scheme must recompute (family A payment key, V1 IPN secret, family B API key) are
 * stored encrypted under the master key.
 */
export interface MerchantCredentials {
  /** V1 `x-api-key`. */
  apiKeyHash: string;
  /** Family B `merchant_api_key`: hashed for lookup, encrypted because webhooks are signed with it. */
  betaApiKeyHash: string;
  betaApiKeyCipher: string;
  /** Family A payment key: signs requests and webhooks, so only encrypted. */
  paymentKeyCipher: string;
  /** V1 IPN secret for `x-nowpayments-sig`. */
  ipnSecretCipher: string;
}

export type CredentialName = 'apiKey' | 'betaApiKey' | 'paymentKey' | 'ipnSecret';

export interface MerchantProfile {
  merchantId: string;
  name: string;
  email: string | null;
  /** Currency codes the merchant accepts; null means every catalogue currency. */
  enabledCoins: string[] | null;
  outcomeCurrency: string | null;
  createdAt: string;
}

/**
 * A merchant's watch-only wallet on one chain: the extended public key receive addresses are derived
 * from (checked by packages/chain before it gets here), never a private key.
 */
export interface MerchantWallet {
  network: string;
  /** The chain the key was accepted for: mainnet, testnet or regtest. */
  chainKind: string;
  extendedPublicKey: string;
  /** `wpkh(<key>/0/*)#checksum`. */
  descriptor: string;
  keyId: string;
  setAt: string;
}

export type MerchantCreated = DomainEvent<'MerchantCreated', MerchantProfile & MerchantCredentials>;
export type MerchantCredentialRotated = DomainEvent<
  'MerchantCredentialRotated',
  { credential: CredentialName; hash: string | null; cipher: string | null; at: string }
>;
/**
 * The sealed credentials encrypted again under a new master key (`gateway master-key rotate`): the
 * same secrets, so merchants change nothing; only the ciphers differ.
 */
export type MerchantCredentialsResealed = DomainEvent<
  'MerchantCredentialsResealed',
  Pick<MerchantCredentials, 'betaApiKeyCipher' | 'paymentKeyCipher' | 'ipnSecretCipher'> & { at: string }
>;
export type MerchantCoinsChanged = DomainEvent<
  'MerchantCoinsChanged',
  { enabledCoins: string[] | null; at: string }
>;
/** The currency the merchant's amounts are reported in by default; null: the coin paid. */
export type MerchantOutcomeCurrencyChanged = DomainEvent<
  'MerchantOutcomeCurrencyChanged',
  { outcomeCurrency: string | null; at: string }
>;

export type MerchantWalletSet = DomainEvent<'MerchantWalletSet', MerchantWallet>;
/**
 * The merchant took its wallet off a chain: new payments there are refused (the safety rule), while
 * payments already paying to its addresses keep being watched until they are done.
 */
export type MerchantWalletRemoved = DomainEvent<'MerchantWalletRemoved', { network: string; at: string }>;

export type MerchantEvent =
  | MerchantCreated
  | MerchantCredentialRotated
  | MerchantCredentialsResealed
  | MerchantCoinsChanged
  | MerchantOutcomeCurrencyChanged
  | MerchantWalletSet
  | MerchantWalletRemoved;

/** Every MerchantEvent type, as the aggregate module and the typed boundary know them at run time. */
export const MERCHANT_EVENT_TYPES = {
  MerchantCreated: true,
  MerchantCredentialRotated: true,
  MerchantCredentialsResealed: true,
  MerchantCoinsChanged: true,
  MerchantOutcomeCurrencyChanged: true,
  MerchantWalletSet: true,
  MerchantWalletRemoved: true,
} as const satisfies { [Type in MerchantEvent['type']]: true };

export type Merchant =
  | { status: 'none' }
  | {
      status: 'active';
      profile: MerchantProfile;
      credentials: MerchantCredentials;
      /** By network: at most one wallet per chain. */
      wallets: Readonly<Record<string, MerchantWallet>>;
      updatedAt: string;
    };

export const initialMerchant = (): Merchant => ({ status: 'none' });

export function evolveMerchant(state: Merchant, event: MerchantEvent): Merchant {
  switch (event.type) {
    case 'MerchantCreated': {
      if (state.status !== 'none') return state;
      const { apiKeyHash, betaApiKeyHash, betaApiKeyCipher, paymentKeyCipher, ipnSecretCipher, ...profile } =
        event.data;
      return {
        status: 'active',
        profile,
        credentials: { apiKeyHash, betaApiKeyHash, betaApiKeyCipher, paymentKeyCipher, ipnSecretCipher },
        wallets: {},
        updatedAt: profile.createdAt,
      };
    }
    case 'MerchantCredentialRotated':
      if (state.status === 'none') return state;
      return { ...state, credentials: rotate(state.credentials, event.data), updatedAt: event.data.at };
    case 'MerchantCredentialsResealed': {
      if (state.status === 'none') return state;
      const { at, ...ciphers } = event.data;
      return { ...state, credentials: { ...state.credentials, ...ciphers }, updatedAt: at };
    }
    case 'MerchantCoinsChanged':
      if (state.status === 'none') return state;
      return {
        ...state,
        profile: { ...state.profile, enabledCoins: event.data.enabledCoins },
        updatedAt: event.data.at,
      };
    case 'MerchantOutcomeCurrencyChanged':
      if (state.status === 'none') return state;
      return {
        ...state,
        profile: { ...state.profile, outcomeCurrency: event.data.outcomeCurrency },
        updatedAt: event.data.at,
      };
    case 'MerchantWalletSet':
      if (state.status === 'none') return state;
      return {
        ...state,
        wallets: { ...state.wallets, [event.data.network]: event.data },
        updatedAt: event.data.setAt,
      };
    case 'MerchantWalletRemoved': {
      if (state.status === 'none') return state;
      const { [event.data.network]: _removed, ...wallets } = state.wallets;
      return { ...state, wallets, updatedAt: event.data.at };
    }
    default:
      return assertNever(event);
  }
}

function rotate(
  credentials: MerchantCredentials,
  { credential, hash, cipher }: MerchantCredentialRotated['data'],
): MerchantCredentials {
  switch (credential) {
    case 'apiKey':
      return { ...credentials, apiKeyHash: hash ?? credentials.apiKeyHash };
    case 'betaApiKey':
      return {
        ...credentials,
        betaApiKeyHash: hash ?? credentials.betaApiKeyHash,
        betaApiKeyCipher: cipher ?? credentials.betaApiKeyCipher,
      };
    case 'paymentKey':
      return { ...credentials, paymentKeyCipher: cipher ?? credentials.paymentKeyCipher };
    case 'ipnSecret':
      return { ...credentials, ipnSecretCipher: cipher ?? credentials.ipnSecretCipher };
    default:
      return assertNever(credential);
  }
}
