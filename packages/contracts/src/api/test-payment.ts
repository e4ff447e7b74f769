import type { Schema } from '../messages/schema-builders';

/**
 * The flag every family's record and webhook carries to tell a sandbox payment from real money
 * (`is_test` in V1 and family A, family B's own invoice flag `sandbox`). `lead` says where the name comes from.
 */
export const testPaymentFlag = (lead: string): Schema => ({
  type: 'boolean',
  description: `${lead} true for a sandbox payment on the simulated chain (no real money), false for a payment to the merchant wallet.`,
});

/** NOWPayments' and Cryptomus' sandboxes are separate hosts, so their records have no such field. */
export const ADDED = 'Added by this gateway:';
/** OxaPay names it on the invoice create (`sandbox`); its records echo that name here. */
export const SANDBOX_FLAG = "The invoice's sandbox flag:";
