/**
 * One module per upstream family: its vocabulary (currency names), its record and webhook shapes,
 * both built from the one projection of a payment (the read model's `PaymentDocument`), and its
 * signature. The gateways and the notifier both call it.
 */
export * from './v1';
export * from './alpha';
export * from './beta';
export * from './currency-facts';
export * from './payment-amounts';
export * from './webhook';
export * from './webhook-triggers';
