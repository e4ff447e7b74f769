import path from 'node:path';
import { cspHashOf, loadStaticAsset, minifyCss } from '@gw/platform';

const STATIC = path.join(__dirname, 'static');

/** Inlined in every page and allowed by its hash in the CSP: no stylesheet request, no third party. */
export const DASHBOARD_STYLE = loadStaticAsset(STATIC, 'dashboard.css', 'text/css; charset=utf-8', minifyCss);
export const DASHBOARD_STYLE_CSP_SOURCE = cspHashOf(DASHBOARD_STYLE);

/** The live-updates script: our origin, a versioned URL cached for good, allowed by `script-src 'self'`. */
export const DASHBOARD_SCRIPT = loadStaticAsset(STATIC, 'dashboard.js', 'text/javascript; charset=utf-8');
export const DASHBOARD_SCRIPT_PATH = `/dashboard/assets/dashboard.js?v=${DASHBOARD_SCRIPT.version}`;
