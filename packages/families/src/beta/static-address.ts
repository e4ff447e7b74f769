import { toJsonNumber, type StaticAddressTerms } from '@gw/domain';
import type { RatesService } from '@gw/pricing';
import type { RefusedStaticDepositRecord, StaticAddressDocument } from '@gw/views';
import { unixSeconds } from '../payment-amounts';
import { symbolOfCode } from './currencies';

/** The network's name as family B shows it (the catalogue's, by any coin of the network). */
export function betaNetworkName(rates: RatesService, network: string): string {
  return (
    rates.cryptoCurrencies().find((coin) => coin.network === network)?.networkName ?? network.toUpperCase()
  );
}

/** POST /beta/v1/payment/static-address's answer: the address, its QR code, when it was handed out. */
export function betaCreatedStaticAddress(terms: StaticAddressTerms, qrCodeUrl: string) {
  return {
    track_id: String(terms.staticAddressId),
    network: terms.networkName,
    address: terms.address,
    qr_code: qrCodeUrl,
    date: unixSeconds(terms.createdAt),
  };
}

/** GET /beta/v1/payment/static-address's item: upstream's fields, and what the address received. */
export function betaStaticAddressItem(address: StaticAddressDocument, rates: RatesService) {
  const deposit = (record: RefusedStaticDepositRecord) => ({
    tx_hash: record.txHash,
    currency: symbolOfCode(rates, record.payCurrency),
    amount: toJsonNumber(record.amount),
    date: unixSeconds(record.detectedAt),
  });
  return {
    track_id: String(address.staticAddressId),
    address: address.address,
    network: address.networkName,
    currencies: [...new Set(address.payCurrencies.map((code) => symbolOfCode(rates, code)))],
    callback_url: address.callbackUrl ?? '',
    email: address.email ?? '',
    order_id: address.orderId ?? '',
    description: address.description ?? '',
    date: unixSeconds(address.createdAt),
    revoked: address.status === 'revoked',
    txs: address.deposits.map((record) => ({ ...deposit(record), track_id: String(record.paymentId) })),
    refused_txs: address.refusedDeposits.map(deposit),
  };
}
