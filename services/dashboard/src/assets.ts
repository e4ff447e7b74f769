import path from 'node:path';
import { loadStaticAsset } from '@gw/platform';

/** `static/` beside this file; in the bundle, `dist/static` (scripts/build.mjs copies it there). */
const STATIC = path.join(__dirname, 'static');

/** The live-updates script: our origin, a versioned URL cached for good, allowed by `script-src 'self'`. */
export const DASHBOARD_SCRIPT = loadStaticAsset(STATIC, 'dashboard.js', 'text/javascript; charset=utf-8');
export const DASHBOARD_SCRIPT_PATH = `/dashboard/assets/dashboard.js?v=${DASHBOARD_SCRIPT.version}`;
