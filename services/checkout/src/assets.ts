import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface StaticAsset {
  body: string;
  contentType: string;
  /** Short content hash: the asset's URL carries it, so browsers may cache it for good. */
  version: string;
}

/** Our own stylesheet only: no strings or selectors that whitespace could change. */
const minifyCss = (css: string): string =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};:,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();

function load(
  file: string,
  contentType: string,
  minify: (text: string) => string = (text) => text,
): StaticAsset {
  const body = minify(readFileSync(path.join(__dirname, 'static', file), 'utf8'));
  return { body, contentType, version: createHash('sha256').update(body).digest('hex').slice(0, 12) };
}

/** The stylesheet is inlined (no render-blocking request) and allowed by its hash in the CSP. */
export const CHECKOUT_STYLE = load('checkout.css', 'text/css; charset=utf-8', minifyCss);
export const CHECKOUT_STYLE_CSP_SOURCE = `'sha256-${createHash('sha256').update(CHECKOUT_STYLE.body).digest('base64')}'`;

export const CHECKOUT_SCRIPT = load('checkout.js', 'text/javascript; charset=utf-8');
export const CHECKOUT_SCRIPT_PATH = `/static/checkout/checkout.js?v=${CHECKOUT_SCRIPT.version}`;
