import path from 'node:path';
import { cspHashOf, loadStaticAsset, minifyCss } from '@gw/platform';

const STATIC = path.join(__dirname, 'static');

/** The stylesheet is inlined (no render-blocking request) and allowed by its hash in the CSP. */
export const CHECKOUT_STYLE = loadStaticAsset(STATIC, 'checkout.css', 'text/css; charset=utf-8', minifyCss);
export const CHECKOUT_STYLE_CSP_SOURCE = cspHashOf(CHECKOUT_STYLE);

export const CHECKOUT_SCRIPT = loadStaticAsset(STATIC, 'checkout.js', 'text/javascript; charset=utf-8');
export const CHECKOUT_SCRIPT_PATH = `/static/checkout/checkout.js?v=${CHECKOUT_SCRIPT.version}`;
