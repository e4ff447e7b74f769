import {
  CREDENTIALS,
  type CreatedMerchantView,
  type MerchantCoinsView,
  type MerchantListView,
  type MerchantOutcomeCurrencyView,
  type MerchantView,
  type PlanView,
  type RefundStatusView,
  type RefundView,
  type RemovedWalletView,
  type RotatedCredentialView,
  type SubscriptionView,
  type WalletListView,
  type WalletView,
} from '@gw/service-admin';

/** What the admin commands print when --json is not given. */

export function describeCreatedMerchant(merchant: CreatedMerchantView): string {
  return lines([
    `Merchant "${merchant.name}" created. Its keys are shown only this once; store them now:`,
    `  merchant id (family A "merchant" header)  ${merchant.merchant_id}`,
    `  V1 x-api-key                              ${merchant.api_key}`,
    `  V1 IPN secret                             ${merchant.ipn_secret}`,
    `  family A payment key (for "sign")         ${merchant.payment_key}`,
    `  family B merchant_api_key                 ${merchant.beta_api_key}`,
    `  enabled coins                             ${coins(merchant.enabled_coins)}`,
  ]);
}

export function describeMerchant(merchant: MerchantView): string {
  return lines([
    `merchant id       ${merchant.merchant_id}`,
    `name              ${merchant.name}`,
    `email             ${merchant.email ?? '-'}`,
    `enabled coins     ${coins(merchant.enabled_coins)}`,
    `outcome currency  ${merchant.outcome_currency ?? '-'}`,
    `created at        ${merchant.created_at}`,
    `updated at        ${merchant.updated_at}`,
  ]);
}

export function describeMerchantList(list: MerchantListView): string {
  if (list.result.length === 0)
    return lines([
      list.count === 0
        ? 'No merchants yet.'
        : `No merchants past offset ${list.offset} (${list.count} in all).`,
    ]);
  const rows = list.result.map((m) => [
    m.merchant_id,
    m.name,
    m.email ?? '-',
    coins(m.enabled_coins),
    m.created_at,
  ]);
  const shown = `${list.offset + 1}-${list.offset + list.result.length} of ${list.count}`;
  return lines([...table(['MERCHANT ID', 'NAME', 'EMAIL', 'COINS', 'CREATED AT'], rows), `(${shown})`]);
}

export function describeRotation(rotation: RotatedCredentialView): string {
  return lines([
    `New ${rotation.credential} for merchant ${rotation.merchant_id} (shown only once; the old one no longer works):`,
    `  ${rotation[CREDENTIALS[rotation.credential].field] ?? ''}`,
  ]);
}

export function describeRemovedWallet(result: RemovedWalletView): string {
  return lines([
    `Merchant ${result.merchant_id} no longer takes new ${result.network} payments; payments already paying to that wallet are still watched.`,
  ]);
}

export function describeCoins(result: MerchantCoinsView): string {
  return lines([`Merchant ${result.merchant_id} now accepts ${coins(result.enabled_coins)}.`]);
}

export function describeOutcomeCurrency(result: MerchantOutcomeCurrencyView): string {
  const currency = result.outcome_currency ?? 'none (amounts in the coin paid)';
  return lines([`Merchant ${result.merchant_id} now has outcome currency ${currency}.`]);
}

export function describePlan(plan: PlanView): string {
  return lines([
    `Subscription plan ${plan.id} created for merchant ${plan.merchant_id}:`,
    `  "${plan.title}": ${plan.amount} ${plan.currency} every ${plan.interval_day} day(s)`,
  ]);
}

export function describeSubscription(subscription: SubscriptionView): string {
  return lines([
    `Subscription ${subscription.id} (plan ${subscription.subscription_plan_id}, ${subscription.subscriber.email}): ${subscription.status}`,
    `  expires ${subscription.expire_date}`,
  ]);
}

export function describeRefund(refund: RefundView): string {
  return lines([
    `Payment ${refund.payment_id} of merchant ${refund.merchant_id} is now ${refund.payment_status}.`,
  ]);
}

export function describeRefundStatus(refund: RefundStatusView): string {
  const head = `Payment ${refund.payment_id} of merchant ${refund.merchant_id} (${refund.payment_status}):`;
  switch (refund.refund_status) {
    case 'none':
      return lines([head, '  no refund requested']);
    case 'pending':
      return lines([
        head,
        `  refund pending since ${refund.requested_at ?? '?'}: send ${refund.amount ?? '?'} ${refund.currency} (${refund.network}) to ${refund.address ?? '?'}`,
        `  wallet link: ${refund.payment_uri ?? refund.address ?? ''}`,
      ]);
    case 'refunded':
      return lines([
        head,
        `  refunded ${refund.refunded_at ?? ''} in ${refund.refund_hash ?? 'a transaction not named'}`,
      ]);
  }
}

const coins = (enabled: string[] | null) => (enabled === null ? 'every catalogue coin' : enabled.join(', '));

const lines = (text: string[]) => `${text.join('\n')}\n`;

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const render = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [render(header), ...rows.map(render)];
}

export function describeWallet(wallet: WalletView): string {
  return lines([
    `${wallet.network} wallet of merchant ${wallet.merchant_id} (${wallet.chain})`,
    `  descriptor                 ${wallet.descriptor}`,
    `  first receive addresses    (compare them with your wallet app)`,
    ...wallet.first_addresses.map((address, index) => `    ${index}  ${address}`),
    `  addresses handed out       ${wallet.addresses_handed_out}`,
    `  unused in a row            ${wallet.unused_addresses_in_a_row} (wallet apps scan ${wallet.gap_limit})`,
    ...(wallet.skipped_addresses.length === 0
      ? []
      : [
          `  skipped (history on chain) ${wallet.skipped_addresses.length}`,
          ...wallet.skipped_addresses.map((skipped) =>
            `    ${skipped.index}  ${skipped.address}  ${skipped.tx_hash ?? ''}`.trimEnd(),
          ),
        ]),
    `  takes payments             ${wallet.takes_payments ? `yes (${wallet.paid_on.join(', ')})` : 'no'}`,
    ...wallet.warnings.map((warning) => `  warning: ${warning}`),
  ]);
}

export function describeWalletList(list: WalletListView): string {
  if (list.result.length === 0) return lines([`Merchant ${list.merchant_id} has no wallet yet.`]);
  return list.result.map(describeWallet).join('');
}
