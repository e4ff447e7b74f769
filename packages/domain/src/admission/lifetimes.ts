import type { Family } from '../payment/payment';

/** How long a payment may stay payable, in seconds, and how long it does when the request does not say. */
export interface LifetimeWindow {
  minimumSeconds: number;
  maximumSeconds: number;
  defaultSeconds: number;
}

/**
 * Each family's lifetime as its upstream documents it: Cryptomus `lifetime` 300–43200 s (default 3600),
 * OxaPay `lifetime` 15–2880 min (default 60); NOWPayments has no request field, the gateway's configured
 * lifetime (24 h by default) applies, within the bounds the configuration accepts.
 */
export const PAYMENT_LIFETIMES: Readonly<Record<Family, LifetimeWindow>> = {
  v1: { minimumSeconds: 60, maximumSeconds: 30 * 24 * 3600, defaultSeconds: 24 * 3600 },
  alpha: { minimumSeconds: 300, maximumSeconds: 43_200, defaultSeconds: 3_600 },
  beta: { minimumSeconds: 15 * 60, maximumSeconds: 2_880 * 60, defaultSeconds: 60 * 60 },
};

/** A lifetime pulled into the family's window (a refreshed payment keeps its length, within bounds). */
export function clampLifetime(family: Family, seconds: number): number {
  const { minimumSeconds, maximumSeconds } = PAYMENT_LIFETIMES[family];
  return Math.min(Math.max(seconds, minimumSeconds), maximumSeconds);
}
