import type { CommandMetadata } from '../src/messages';
import { SAMPLE_CREATED_AT, samplePaymentTerms } from '../src/testing/payment-fixtures';

export const CREATED_AT = SAMPLE_CREATED_AT;

export const meta = (now = '2026-01-01T10:05:00.000Z'): CommandMetadata => ({
  now,
  correlationId: 'corr-1',
  causationId: 'cause-1',
});

/** The domain tests' payment: the shared sample. */
export const paymentTerms = samplePaymentTerms;
