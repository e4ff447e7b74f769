import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface StaticAsset {
  body: string;
  contentType: string;
  /** Short content hash: the asset's URL carries it, so browsers may cache it for good. */
  version: string;
}

/** Our own stylesheets only: no strings or selectors that whitespace could change. */
export const minifyCss = (css: string): string =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};:,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();

/** A file a service ships beside its code, read once at start. */
export function loadStaticAsset(
  directory: string,
  file: string,
  contentType: string,
  minify: (text: string) => string = (text) => text,
): StaticAsset {
  const body = minify(readFileSync(path.join(directory, file), 'utf8'));
  return { body, contentType, version: createHash('sha256').update(body).digest('hex').slice(0, 12) };
}

/** The CSP source allowing exactly this inlined stylesheet or script. */
export const cspHashOf = (asset: StaticAsset): string =>
  `'sha256-${createHash('sha256').update(asset.body).digest('base64')}'`;
