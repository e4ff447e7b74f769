import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';

/** Directive name to source list; `true` writes a directive that takes no value (upgrade-insecure-requests). */
export type CspDirectives = Readonly<Record<string, readonly string[] | true>>;

export const DEFAULT_PAGE_CSP: CspDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export function buildCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => {
      if (!/^[a-z-]+$/.test(name)) throw new Error(`invalid CSP directive name "${name}"`);
      if (sources === true) return name;
      for (const source of sources) {
        if (source === '' || /[;,\s]/.test(source))
          throw new Error(`invalid CSP source "${source}" for ${name}`);
      }
      return sources.length > 0 ? `${name} ${sources.join(' ')}` : name;
    })
    .join('; ');
}

export interface PageSecurityOptions {
  /** Directives replacing the defaults of the same name. */
  csp?: CspDirectives;
  /** Generates a per-response nonce, allows it in script-src and exposes it as `res.locals.cspNonce`. */
  scriptNonce?: boolean;
}

/** Headers for the hosted checkout pages: a strict CSP, no framing, no MIME sniffing, no referrer leaks. */
export function pageSecurityHeaders(options: PageSecurityOptions = {}): RequestHandler {
  const directives = { ...DEFAULT_PAGE_CSP, ...options.csp };
  const staticCsp = buildCsp(directives);
  const framingRefused =
    directives['frame-ancestors'] !== true && directives['frame-ancestors']?.join(' ') === "'none'";
  return (_req, res, next) => {
    let csp = staticCsp;
    if (options.scriptNonce) {
      const nonce = randomBytes(16).toString('base64');
      res.locals.cspNonce = nonce;
      const scriptSources = directives['script-src'];
      csp = buildCsp({
        ...directives,
        'script-src': [
          ...(scriptSources === true || !scriptSources ? [] : scriptSources),
          `'nonce-${nonce}'`,
        ],
      });
    }
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    if (framingRefused) res.setHeader('X-Frame-Options', 'DENY');
    next();
  };
}

/**
 * API default: browsers get no CORS grant (no Access-Control-Allow-Origin), while server-side SDKs that
 * send non-URL Origin headers (OxaPay's PHP SDK sends `oxa-php-sdk-v-1.0.0`) pass untouched.
 */
export function noCors(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
