import { paymentUri } from '@gw/chain';
import QRCode from 'qrcode';

/**
 * The payment URI of the network (amount included where its scheme allows), so a wallet scanning it
 * fills in address, amount and token. A currency outside the curated catalogue falls back to the bare
 * address, which every wallet reads.
 */
export function paymentUriFor(payCurrency: string, payAddress: string, amountDue: string | null): string {
  try {
    return paymentUri(payCurrency, payAddress, amountDue);
  } catch {
    return payAddress;
  }
}

/** Rendered on the server as SVG: no script, no canvas, crisp at any size. */
export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#111827ff', light: '#ffffffff' },
  });
}
