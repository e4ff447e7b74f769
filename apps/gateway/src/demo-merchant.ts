import { createMerchant, type MerchantKeys, type ServiceContext } from '@gw/application';
import { COLLECTIONS } from '@gw/views';

/**
 * On the very first start of an empty gateway, create a demo merchant so someone can integrate at
 * once. Its keys are returned (to be printed) exactly once; later starts find merchants and do nothing.
 */
export async function ensureDemoMerchant(ctx: ServiceContext): Promise<MerchantKeys | null> {
  const existing = await ctx.readModels.collection(COLLECTIONS.merchants).count({});
  if (existing > 0) return null;
  return createMerchant(ctx, { name: 'Demo merchant', email: null });
}

export function describeFirstStart(baseUrl: string, keys: MerchantKeys, sandboxEnabled: boolean): string {
  return [
    ...(sandboxEnabled
      ? [
          '',
          'The sandbox is on: payments on a chain without your wallet and a watched node run on a',
          'SIMULATED chain. They are test payments, no real money moves, and /sandbox/v1 pays them.',
          'To take real money: set your wallet (gateway merchant wallet), run the node (BTC_RPC_URL,',
          'LTC_RPC_URL), and turn the sandbox off with SANDBOX_ENABLED=false.',
        ]
      : []),
    '',
    'A demo merchant was created. These keys are shown only once:',
    `  merchant id (family A "merchant" header)  ${keys.merchantId}`,
    `  V1 x-api-key                                 ${keys.apiKey}`,
    `  V1 IPN secret                                ${keys.ipnSecret}`,
    `  family A payment key (for "sign")            ${keys.paymentKey}`,
    `  family B merchant_api_key                    ${keys.betaApiKey}`,
    '',
    `Try: curl -s -H 'x-api-key: ${keys.apiKey}' -H 'content-type: application/json' \\`,
    `       -d '{"price_amount":10,"price_currency":"usd","pay_currency":"btc"}' ${baseUrl}/v1/payment`,
    '',
  ].join('\n');
}
