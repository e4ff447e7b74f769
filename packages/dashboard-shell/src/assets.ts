import path from 'node:path';
import { cspHashOf, loadStaticAsset, minifyCss } from '@gw/platform';

/** `static/` beside this file; in the bundle, `dist/static` (scripts/build.mjs copies it there). */
const STATIC = path.join(__dirname, 'static');

/** Inlined in every page and allowed by its hash in the CSP: no stylesheet request, no third party. */
export const DASHBOARD_STYLE = loadStaticAsset(STATIC, 'dashboard.css', 'text/css; charset=utf-8', minifyCss);
export const DASHBOARD_STYLE_CSP_SOURCE = cspHashOf(DASHBOARD_STYLE);
