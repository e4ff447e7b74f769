import type { StaticAddressTerms } from '@gw/domain';
import { uuidFrom } from '@gw/platform';

/**
 * The merchant wallet holding the address (`wallet_uuid`): one per merchant and network here, as the
 * merchant's watch-only key on that chain is.
 */
export const alphaMerchantWalletUuidOf = (
  terms: Pick<StaticAddressTerms, 'merchantId' | 'network'>,
): string => uuidFrom(`merchant-wallet:${terms.merchantId}:${terms.network}`);

/** POST /alpha/v1/wallet's `result` (pyCryptomusAPI `Wallet`): the address and the ids to block it by. */
export function alphaStaticWalletRecord(terms: StaticAddressTerms, qrCodeUrl: string, currency: string) {
  return {
    wallet_uuid: alphaMerchantWalletUuidOf(terms),
    uuid: terms.uuid,
    address: terms.address,
    network: terms.networkName,
    currency,
    url: qrCodeUrl,
  };
}
