export * from './checkout-service';
export { CHECKOUT_PREFIXES, type CheckoutRouterOptions } from './checkout-router';
export {
  checkoutStateOf,
  stageOf,
  wayOutOf,
  type CheckoutStage,
  type CheckoutState,
  type WayOut,
} from './checkout-state';
export type { PaymentStatusBody } from './payment-status';
export { textsFor, type CheckoutTexts } from './texts';
