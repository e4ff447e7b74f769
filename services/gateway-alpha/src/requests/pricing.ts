/** The commission of a payment is its network fee (networkFeeOf); this gateway takes no percentage. */
export const COMMISSION_PERCENT = '0';
