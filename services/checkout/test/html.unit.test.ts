import { createHash } from 'node:crypto';
import { CHECKOUT_STYLE, CHECKOUT_STYLE_CSP_SOURCE } from '../src/assets';
import { escapeHtml, html, safeHttpUrl, trusted } from '@gw/platform';
import { fill, fillText, textsFor } from '../src/texts';
import { en } from '../src/texts/en';

describe('html templates', () => {
  it('escapes every interpolated string, in text and in attributes', () => {
    const name = `<script>alert("x")</script>' onmouseover='steal()`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onmouseover=&#39;steal()">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onmouseover=&#39;steal()</p>',
    );
  });

  it('keeps nested templates and trusted markup as they are, and drops false, null and undefined', () => {
    const items = ['a&b', 'c'].map((item) => html`<li>${item}</li>`);
    // prettier-ignore
    const markup = html`<ul>${items}</ul>${false}${null}${undefined}${trusted('<svg/>')}`;
    expect(markup.value).toBe('<ul><li>a&amp;b</li><li>c</li></ul><svg/>');
  });

  it('escapes backticks, which old browsers treated as attribute quotes', () => {
    expect(escapeHtml('`')).toBe('&#96;');
  });

  it('lets only absolute http(s) URLs through as redirect targets', () => {
    expect(safeHttpUrl('https://shop.example/thanks?order=1')).toBe('https://shop.example/thanks?order=1');
    expect(safeHttpUrl('http://shop.example/')).toBe('http://shop.example/');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,hi')).toBeNull();
    expect(safeHttpUrl('/relative')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });
});

describe('texts', () => {
  it('fills placeholders with escaped values or with markup built by the service', () => {
    expect(fill('Pay {merchant}', { merchant: '<b>Evil</b>' }).value).toBe('Pay &lt;b&gt;Evil&lt;/b&gt;');
    expect(fill('in {seconds} s', { seconds: html`<span data-field="s">5</span>` }).value).toBe(
      'in <span data-field="s">5</span> s',
    );
    expect(fillText(en.payment.networkWarning, { ticker: 'BTC', network: 'Bitcoin' })).toBe(
      'Send only BTC on the Bitcoin network. Other coins or networks sent to this address will be lost.',
    );
  });

  it('leaves an unknown placeholder visible rather than silently empty', () => {
    expect(fillText('Hello {who}')).toBe('Hello {who}');
  });

  it('falls back to English for languages without a translation, whatever the header says', () => {
    expect(textsFor(undefined)).toBe(en);
    expect(textsFor('de-DE,de;q=0.9')).toBe(en);
    expect(textsFor('fr;q=0.9, en-GB;q=0.8')).toBe(en);
    expect(textsFor('garbage;;;q=x')).toBe(en);
  });

  it('keeps the placeholders the live numbers are filled into', () => {
    expect(en.stages.partially_paid.detail).toContain('{missing}');
    expect(en.stages.partially_paid.detail).toContain('{paid}');
    expect(en.payment.redirecting).toContain('{seconds}');
  });
});

describe('the inlined stylesheet', () => {
  it('is minified and allowed by exactly its own hash', () => {
    expect(CHECKOUT_STYLE.body).not.toContain('\n');
    expect(CHECKOUT_STYLE.body).toContain('.coins input:checked + label{');
    expect(CHECKOUT_STYLE_CSP_SOURCE).toBe(
      `'sha256-${createHash('sha256').update(CHECKOUT_STYLE.body).digest('base64')}'`,
    );
  });
});
