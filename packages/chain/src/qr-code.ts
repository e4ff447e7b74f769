import { paymentUri } from './payment-uri';
import type { ChainWatchersConfig } from '@gw/platform';
import QRCode from 'qrcode';

/** The wallet link for sending `amount` of a payment's coin to its pay address. */
export type PaymentUriOf = (payCurrency: string, payAddress: string, amount: string | null) => string;

/**
 * The payment URI of the network (amount included where its scheme allows), so a wallet scanning it
 * fills in address, amount and token; on an EVM network, the chain and token contracts its watcher is
 * configured with. A currency outside the curated catalogue falls back to the bare address, which every
 * wallet reads.
 */
export function paymentUris(chainWatchers: ChainWatchersConfig): PaymentUriOf {
  return (payCurrency, payAddress, amount) => {
    try {
      return paymentUri(payCurrency, payAddress, amount, { chainWatchers });
    } catch {
      return payAddress;
    }
  };
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

/**
 * The same QR code as a PNG data URL (`data:image/png;base64,…`), for the APIs whose upstream answers an
 * image (Cryptomus `payment/qr`, `wallet/qr`).
 */
export function qrCodePngDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, {
    type: 'image/png',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#111827ff', light: '#ffffffff' },
  });
}
