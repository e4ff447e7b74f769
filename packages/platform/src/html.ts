import { escapeHtml } from './html-escape';

/**
 * HTML built from template literals. Every interpolated value is escaped unless it is already
 * SafeHtml (the result of another `html` template), so markup can only come from this source code.
 */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  // `false`, null and undefined render nothing, so `${condition && html`...`}` reads naturally.
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Markup the service generated itself (a QR code, a logo, a chart), never anything a merchant or buyer typed. */
export const trusted = (markup: string): SafeHtml => new SafeHtml(markup);

/**
 * Merchant-supplied URLs end up in href attributes and in `location.assign`: only absolute http(s)
 * URLs pass, so a `javascript:` URL can never run on our pages' origin.
 */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
