import type { Command } from '../messages';
import { defineAggregate } from '../aggregate';
import { DomainError, assertNever } from '../errors';
import {
  MERCHANT_EVENT_TYPES,
  evolveMerchant,
  initialMerchant,
  type CredentialName,
  type Merchant,
  type MerchantCreated,
  type MerchantCredentials,
  type MerchantEvent,
  type MerchantWallet,
} from './merchant';

export type CreateMerchant = Command<'CreateMerchant', MerchantCreated['data']>;
export type RotateMerchantCredential = Command<
  'RotateMerchantCredential',
  { credential: CredentialName; hash: string | null; cipher: string | null }
>;
/** Every sealed credential, encrypted again under a new master key (the same secrets). */
export type ResealMerchantCredentials = Command<
  'ResealMerchantCredentials',
  Pick<MerchantCredentials, 'betaApiKeyCipher' | 'paymentKeyCipher' | 'ipnSecretCipher'>
>;
export type SetMerchantCoins = Command<'SetMerchantCoins', { enabledCoins: string[] | null }>;
/** A catalogue code in its canonical spelling (checked against the catalogue before it gets here), or null. */
export type SetMerchantOutcomeCurrency = Command<
  'SetMerchantOutcomeCurrency',
  { outcomeCurrency: string | null }
>;
/** The wallet as packages/chain parsed it; the command's `now` becomes its `setAt`. */
export type SetMerchantWallet = Command<'SetMerchantWallet', Omit<MerchantWallet, 'setAt'>>;
export type RemoveMerchantWallet = Command<'RemoveMerchantWallet', { network: string }>;
export type MerchantCommand =
  | CreateMerchant
  | RotateMerchantCredential
  | ResealMerchantCredentials
  | SetMerchantCoins
  | SetMerchantOutcomeCurrency
  | SetMerchantWallet
  | RemoveMerchantWallet;
export type MerchantCommandType = MerchantCommand['type'];

const NEEDS_HASH: readonly CredentialName[] = ['apiKey', 'betaApiKey'];
const NEEDS_CIPHER: readonly CredentialName[] = ['betaApiKey', 'paymentKey', 'ipnSecret'];

export function decideMerchant(command: MerchantCommand, state: Merchant): MerchantEvent[] {
  switch (command.type) {
    case 'CreateMerchant':
      if (state.status !== 'none') throw new DomainError('STREAM_ALREADY_EXISTS', 'merchant already exists');
      if (command.data.name.trim() === '')
        throw new DomainError('INVALID_MERCHANT', 'merchant name is required');
      return [{ type: 'MerchantCreated', data: command.data }];
    case 'RotateMerchantCredential': {
      if (state.status === 'none') throw new DomainError('NOT_FOUND', 'merchant not found');
      const { credential, hash, cipher } = command.data;
      if (NEEDS_HASH.includes(credential) && !hash) {
        throw new DomainError('INVALID_MERCHANT', `${credential} rotation needs a hash`);
      }
      if (NEEDS_CIPHER.includes(credential) && !cipher) {
        throw new DomainError('INVALID_MERCHANT', `${credential} rotation needs a cipher`);
      }
      return [
        { type: 'MerchantCredentialRotated', data: { credential, hash, cipher, at: command.metadata.now } },
      ];
    }
    case 'ResealMerchantCredentials': {
      if (state.status === 'none') throw new DomainError('NOT_FOUND', 'merchant not found');
      const { betaApiKeyCipher, paymentKeyCipher, ipnSecretCipher } = command.data;
      if (!betaApiKeyCipher || !paymentKeyCipher || !ipnSecretCipher)
        throw new DomainError('INVALID_MERCHANT', 'resealing needs every cipher');
      return [
        {
          type: 'MerchantCredentialsResealed',
          data: { betaApiKeyCipher, paymentKeyCipher, ipnSecretCipher, at: command.metadata.now },
        },
      ];
    }
    case 'SetMerchantCoins':
      if (state.status === 'none') throw new DomainError('NOT_FOUND', 'merchant not found');
      return [
        {
          type: 'MerchantCoinsChanged',
          data: { enabledCoins: command.data.enabledCoins, at: command.metadata.now },
        },
      ];
    case 'SetMerchantOutcomeCurrency':
      if (state.status === 'none') throw new DomainError('NOT_FOUND', 'merchant not found');
      return [
        {
          type: 'MerchantOutcomeCurrencyChanged',
          data: { outcomeCurrency: command.data.outcomeCurrency, at: command.metadata.now },
        },
      ];
    case 'SetMerchantWallet': {
      if (state.status === 'none') throw new DomainError('NOT_FOUND', 'merchant not found');
      const current = state.wallets[command.data.network];
      // Setting the key a merchant already has changes nothing, so a retried setup is harmless.
      if (
        current?.extendedPublicKey === command.data.extendedPublicKey &&
        current.chainKind === command.data.chainKind
      )
        return [];
      return [{ type: 'MerchantWalletSet', data: { ...command.data, setAt: command.metadata.now } }];
    }
    case 'RemoveMerchantWallet':
      if (state.status === 'none') throw new DomainError('NOT_FOUND', 'merchant not found');
      if (!state.wallets[command.data.network])
        throw new DomainError('NOT_FOUND', `the merchant has no ${command.data.network} wallet`);
      return [
        { type: 'MerchantWalletRemoved', data: { network: command.data.network, at: command.metadata.now } },
      ];
    default:
      return assertNever(command);
  }
}

export const merchantAggregate = defineAggregate<'merchant', MerchantCommand, MerchantEvent, Merchant>({
  name: 'merchant',
  commandTypes: {
    CreateMerchant: true,
    RotateMerchantCredential: true,
    ResealMerchantCredentials: true,
    SetMerchantCoins: true,
    SetMerchantOutcomeCurrency: true,
    SetMerchantWallet: true,
    RemoveMerchantWallet: true,
  },
  eventTypes: MERCHANT_EVENT_TYPES,
  decide: decideMerchant,
  evolve: evolveMerchant,
  initialState: initialMerchant,
});
