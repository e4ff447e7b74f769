import type {
  CreatedMerchantView,
  MerchantCoinsView,
  MerchantListView,
  MerchantOutcomeCurrencyView,
  MerchantView,
  RemovedWalletView,
  RotatedCredentialView,
  WalletListView,
  WalletView,
} from '@gw/service-admin';
import { coinList, stringFlag, wholeNumber, type AdminCommand } from './admin-command';
import {
  describeCoins,
  describeCreatedMerchant,
  describeMerchant,
  describeMerchantList,
  describeOutcomeCurrency,
  describeRemovedWallet,
  describeRotation,
  describeWallet,
  describeWalletList,
} from './admin-output';

const id = encodeURIComponent;

export const MERCHANT_COMMANDS: Record<string, AdminCommand> = {
  create: {
    synopsis: 'merchant create --name <name> [--email <email>] [--coins btc,eth] [--outcome-currency <code>]',
    summary: 'create a merchant and print all its keys, once',
    args: [],
    options: {
      name: { type: 'string' },
      email: { type: 'string' },
      coins: { type: 'string' },
      'outcome-currency': { type: 'string' },
    },
    required: ['name'],
    async run({ client, flags, print }) {
      const coins = stringFlag(flags, 'coins');
      const body = {
        name: stringFlag(flags, 'name'),
        email: stringFlag(flags, 'email'),
        enabled_coins: coins === undefined ? undefined : coinList(coins),
        outcome_currency: stringFlag(flags, 'outcome-currency'),
      };
      print(await client.request<CreatedMerchantView>('POST', '/merchants', body), describeCreatedMerchant);
    },
  },
  list: {
    synopsis: 'merchant list [--limit <n>] [--offset <n>]',
    summary: 'list merchants (no secrets)',
    args: [],
    options: { limit: { type: 'string' }, offset: { type: 'string' } },
    async run({ client, flags, print }) {
      const query = new URLSearchParams();
      const limit = stringFlag(flags, 'limit');
      const offset = stringFlag(flags, 'offset');
      if (limit !== undefined) query.set('limit', String(wholeNumber(limit, '--limit')));
      if (offset !== undefined) query.set('offset', String(wholeNumber(offset, '--offset')));
      const suffix = query.size > 0 ? `?${query}` : '';
      print(await client.request<MerchantListView>('GET', `/merchants${suffix}`), describeMerchantList);
    },
  },
  show: {
    synopsis: 'merchant show <merchant-id>',
    summary: 'show one merchant (no secrets)',
    args: ['merchant-id'],
    options: {},
    async run({ client, args: [merchantId = ''], print }) {
      print(await client.request<MerchantView>('GET', `/merchants/${id(merchantId)}`), describeMerchant);
    },
  },
  rotate: {
    synopsis: 'merchant rotate <merchant-id> <api-key|beta-api-key|payment-key|ipn-secret>',
    summary: 'replace one key; prints the new one, once',
    args: ['merchant-id', 'credential'],
    options: {},
    async run({ client, args: [merchantId = '', credential = ''], print }) {
      const path = `/merchants/${id(merchantId)}/keys/${id(credential)}/rotate`;
      print(await client.request<RotatedCredentialView>('POST', path), describeRotation);
    },
  },
  coins: {
    synopsis: 'merchant coins <merchant-id> <btc,eth,...|all>',
    summary: 'set the coins a merchant accepts',
    args: ['merchant-id', 'codes'],
    options: {},
    async run({ client, args: [merchantId = '', codes = ''], print }) {
      const body = { enabled_coins: coinList(codes) };
      print(
        await client.request<MerchantCoinsView>('PUT', `/merchants/${id(merchantId)}/coins`, body),
        describeCoins,
      );
    },
  },
  'outcome-currency': {
    synopsis: 'merchant outcome-currency <merchant-id> <code|none>',
    summary:
      "set the currency the merchant's amounts are reported in by default (any catalogue currency; none: the coin paid)",
    args: ['merchant-id', 'code'],
    options: {},
    async run({ client, args: [merchantId = '', code = ''], print }) {
      const body = { outcome_currency: code.toLowerCase() === 'none' ? null : code };
      const path = `/merchants/${id(merchantId)}/outcome-currency`;
      print(await client.request<MerchantOutcomeCurrencyView>('PUT', path, body), describeOutcomeCurrency);
    },
  },
  wallet: {
    synopsis: 'merchant wallet <merchant-id> <btc|ltc|evm|trx> <xpub|zpub|tpub|vpub|wpkh(<key>/0/*)>',
    summary:
      "set the merchant's watch-only wallet for a chain (evm: the m/44'/60'/0' xpub, for eth, bsc and matic; trx: the m/44'/195'/0' xpub); prints its first receive addresses",
    args: ['merchant-id', 'network', 'extended-public-key'],
    options: {},
    async run({ client, args: [merchantId = '', network = '', key = ''], print }) {
      const path = `/merchants/${id(merchantId)}/wallets/${id(network)}`;
      print(await client.request<WalletView>('PUT', path, { extended_public_key: key }), describeWallet);
    },
  },
  'wallet-remove': {
    synopsis: 'merchant wallet-remove <merchant-id> <btc|ltc|evm|trx>',
    summary:
      "remove the merchant's wallet from a chain: new payments there are refused; payments already paying to it are still watched",
    args: ['merchant-id', 'network'],
    options: {},
    async run({ client, args: [merchantId = '', network = ''], print }) {
      const path = `/merchants/${id(merchantId)}/wallets/${id(network)}`;
      print(await client.request<RemovedWalletView>('DELETE', path), describeRemovedWallet);
    },
  },
  wallets: {
    synopsis: 'merchant wallets <merchant-id>',
    summary: "show the merchant's wallets: first addresses, addresses handed out, unused in a row",
    args: ['merchant-id'],
    options: {},
    async run({ client, args: [merchantId = ''], print }) {
      print(
        await client.request<WalletListView>('GET', `/merchants/${id(merchantId)}/wallets`),
        describeWalletList,
      );
    },
  },
};
