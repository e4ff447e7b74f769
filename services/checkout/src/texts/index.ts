import { html, type HtmlValue, type SafeHtml } from '@gw/platform';
import { en } from './en';
import type { CheckoutTexts } from './texts';

export type { CheckoutTexts } from './texts';

/** Translations by primary language subtag; adding a language is a file next to en.ts and a line here. */
const TRANSLATIONS: Readonly<Record<string, CheckoutTexts>> = { en };

export const DEFAULT_TEXTS = en;

/** The buyer's preferred language among ours, from Accept-Language (q-values respected), English otherwise. */
export function textsFor(acceptLanguage: string | undefined): CheckoutTexts {
  if (!acceptLanguage) return DEFAULT_TEXTS;
  const preferences = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { language: tag.toLowerCase().split('-')[0] ?? '', quality: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((p) => p.language !== '' && Number.isFinite(p.quality) && p.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { language } of preferences) {
    const texts = TRANSLATIONS[language];
    if (texts) return texts;
  }
  return DEFAULT_TEXTS;
}

/**
 * Fills `{name}` placeholders. Text and values are escaped; a value may be markup this service built
 * (a `<span>` the status script updates), which is how live numbers sit inside translated sentences.
 */
export function fill(text: string, values: Record<string, HtmlValue> = {}): SafeHtml {
  const parts = text.split(/\{(\w+)\}/);
  return html`${parts.map((part, index) => (index % 2 === 0 ? part : (values[part] ?? `{${part}}`)))}`;
}

/** The same, for plain-text places (a title, an alt attribute). */
export function fillText(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    values[name] === undefined ? placeholder : String(values[name]),
  );
}
