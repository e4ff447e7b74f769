import { hasRequiredConfirmations, toJsonNumber } from '@gw/domain';
import type { RatesService } from '@gw/pricing';
import type { DepositRecord, PaymentDocument } from '@gw/views';
import { symbolOfCode } from './currencies';
import { unixSeconds } from '../payment-amounts';
import { betaListItem } from './list-item';
import { betaPaymentFields } from './payment-fields';

/**
 * GET /beta/v1/payment/{track_id}: OxaPay's payment information (upstream-apis.md §3.4), one `txs`
 * entry per transaction that reached the address, money that came after the payment was done included.
 * Texts the payment has none of are empty strings, as upstream sends them.
 */
export function betaPaymentInformation(payment: PaymentDocument, rates: RatesService) {
  const { beta } = payment;
  const coin = rates.isKnownCurrency(payment.payCurrency)
    ? rates.findCryptoCurrency(payment.payCurrency)
    : null;
  const transaction = (deposit: DepositRecord) => ({
    tx_hash: deposit.txHash,
    amount: toJsonNumber(deposit.amount),
    currency: symbolOfCode(rates, payment.payCurrency),
    network: coin?.networkName ?? payment.payNetwork,
    address: payment.payAddress,
    status: hasRequiredConfirmations(deposit, payment.requiredConfirmations) ? 'confirmed' : 'confirming',
    confirmations: deposit.confirmations,
    auto_convert: { processed: false, amount: 0, currency: '' },
    auto_withdrawal: { processed: false },
    date: unixSeconds(deposit.detectedAt),
  });
  const fields = betaPaymentFields(payment);
  return {
    ...betaListItem(payment, rates),
    mixed_payment: false,
    callback_url: fields.callback_url,
    description: fields.description,
    email: fields.email,
    fee_paid_by_payer: fields.fee_paid_by_payer,
    lifetime: fields.lifetime,
    order_id: fields.order_id,
    under_paid_coverage: fields.under_paid_coverage,
    return_url: payment.redirectUrls.return ?? '',
    thanks_message: beta?.thanksMessage ?? '',
    expired_at: unixSeconds(payment.expiresAt),
    txs: [...(payment.deposits ?? []), ...payment.lateDeposits].map(transaction),
  };
}
