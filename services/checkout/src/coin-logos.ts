import type { CryptoCurrency } from '@gw/pricing';
import { escapeHtml } from '@gw/platform';

/** Brand colours of the catalogue's coins; any other ticker gets a stable colour from its name. */
const BRAND_COLOURS: Readonly<Record<string, string>> = {
  ada: '#0033ad',
  algo: '#000000',
  atom: '#2e3148',
  avax: '#e84142',
  bch: '#0ac18e',
  bnb: '#f3ba2f',
  btc: '#f7931a',
  busd: '#f0b90b',
  cake: '#1fc7d4',
  dai: '#f5ac37',
  dash: '#008ce7',
  dgb: '#006ad2',
  doge: '#c2a633',
  dot: '#e6007a',
  etc: '#328332',
  eth: '#627eea',
  link: '#2a5ada',
  ltc: '#345d9d',
  near: '#000000',
  pepe: '#3d8130',
  pol: '#8247e5',
  shib: '#e42d04',
  sol: '#9945ff',
  sui: '#4da2ff',
  ton: '#0098ea',
  trx: '#eb0029',
  uni: '#ff007a',
  usdc: '#2775ca',
  usdt: '#26a17b',
  xlm: '#000000',
  xmr: '#ff6600',
  xrp: '#23292f',
  xtz: '#2c7df7',
  zec: '#f4b728',
};

function colourOf(ticker: string): string {
  const brand = BRAND_COLOURS[ticker];
  if (brand) return brand;
  let hash = 0;
  for (const char of ticker) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return `hsl(${hash} 55% 38%)`;
}

/** Dark letters on light brand colours (BNB yellow), white on the rest, for legible monograms. */
function inkFor(colour: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(colour);
  if (!match) return '#ffffff';
  const [r, g, b] = match.slice(1).map((hex) => {
    const channel = parseInt(hex, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.4 ? '#111827' : '#ffffff';
}

/**
 * A monogram logo: the ticker on the coin's colour. Served by us, so the checkout makes no request to
 * a third party, and small enough (about 400 bytes) to cost nothing on a phone.
 */
export function coinLogoSvg(ticker: string): string {
  const label = escapeHtml(ticker.toUpperCase().slice(0, 4));
  const colour = colourOf(ticker);
  const fontSize = label.length <= 3 ? 13 : 10.5;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40" role="img" aria-label="${label}">` +
    `<circle cx="20" cy="20" r="20" fill="${colour}"/>` +
    `<text x="20" y="20" dy="0.35em" text-anchor="middle" font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif" ` +
    `font-size="${fontSize}" font-weight="700" fill="${inkFor(colour)}">${label}</text></svg>`
  );
}

/** Every catalogue logo by file name (`btc.svg`), rendered once. */
export function coinLogoFiles(cryptos: readonly CryptoCurrency[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const crypto of cryptos) {
    const file = crypto.logoUrl.split('/').pop();
    if (file && !files.has(file)) files.set(file, coinLogoSvg(crypto.ticker));
  }
  return files;
}
