import { numericIdIn } from '@gw/contracts';
import type { Request } from 'express';
import { AdminError, notFound } from './admin-errors';
import { CREDENTIALS, type CredentialPath } from './admin-views';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Merchant ids are uuids; anything else cannot name a merchant, so it is "not found" without a lookup. */
export function merchantIdParam(raw: unknown): string {
  if (typeof raw !== 'string' || !UUID.test(raw)) throw notFound('merchant');
  return raw.toLowerCase();
}

/** Plans, subscriptions and payments have numeric ids that fit in a JSON number. */
export function numericIdParam(raw: unknown, what: string): number {
  const id = typeof raw === 'string' ? numericIdIn(raw) : null;
  // Only the id's own digits name it here: no leading zero, and no id 0.
  if (id === null || id === 0 || String(id) !== raw) throw notFound(what);
  return id;
}

export function credentialParam(raw: unknown): CredentialPath {
  if (typeof raw !== 'string' || !Object.hasOwn(CREDENTIALS, raw)) {
    throw new AdminError(400, `credential must be one of ${Object.keys(CREDENTIALS).join(', ')}`);
  }
  return raw as CredentialPath;
}

export interface Page {
  limit: number;
  offset: number;
}

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 500;

export function pageQuery(query: Request['query']): Page {
  return {
    limit: wholeNumber(query.limit, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT),
    offset: wholeNumber(query.offset, 'offset', 0, 0, Number.MAX_SAFE_INTEGER),
  };
}

function wholeNumber(raw: unknown, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = typeof raw === 'string' && /^[0-9]{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new AdminError(400, `${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
}
