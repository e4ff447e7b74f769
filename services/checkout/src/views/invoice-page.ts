import { invoicePath, paymentPath } from '../checkout-state';
import type { CoinChoice } from '../coin-choices';
import { CSRF_FIELD } from '../csrf';
import { html, type SafeHtml } from '@gw/platform';
import { fill, fillText, type CheckoutTexts } from '../texts';
import { merchantHeader, orderSummary, renderPage, type OrderSummary } from './layout';

export interface InvoicePageModel {
  texts: CheckoutTexts;
  merchantName: string;
  invoiceId: string;
  order: OrderSummary;
  choices: readonly CoinChoice[];
  selectedCode: string | null;
  csrfToken: string;
  /** Identifies this rendering of the form, so submitting it twice opens one payment. */
  attempt: string;
  error: string | null;
  /** A payment the buyer started earlier on this invoice and may still pay. */
  ongoing: { uuid: string; ticker: string } | null;
}

export function renderInvoicePage(model: InvoicePageModel): string {
  const { texts } = model;
  const title = fillText(texts.common.payMerchant, { merchant: model.merchantName });
  const body = html`<main class="checkout">
${merchantHeader(texts, model.merchantName)}
${orderSummary(texts, model.order)}
${
  model.ongoing &&
  html`<p class="notice">
    ${fill(texts.invoice.startedWith, { ticker: model.ongoing.ticker })}
    <a href="${paymentPath(model.ongoing.uuid)}">${texts.invoice.continuePayment}</a>
  </p>`
}
${model.error && html`<p class="alert" role="alert" id="pick-error">${model.error}</p>`}
<form method="post" action="${invoicePath(model.invoiceId)}" novalidate>
<input type="hidden" name="${CSRF_FIELD}" value="${model.csrfToken}">
<input type="hidden" name="attempt" value="${model.attempt}">
<fieldset${model.error ? html` aria-describedby="pick-error"` : ''}>
<legend><h2>${texts.invoice.chooseCurrency}</h2></legend>
<div class="search" data-coin-search hidden>
<label for="coin-search">${texts.invoice.searchLabel}</label>
<input id="coin-search" type="search" autocomplete="off" spellcheck="false" aria-describedby="coin-search-hint" aria-controls="coin-list">
<p id="coin-search-hint">${texts.invoice.searchHint}</p>
</div>
<ul class="coins" id="coin-list">
${model.choices.map((choice) => coinOption(texts, choice, choice.crypto.code === model.selectedCode))}
</ul>
<p data-no-matches role="status" hidden>${texts.invoice.noMatches}</p>
</fieldset>
<button type="submit" class="button">${texts.invoice.continue}</button>
</form>
</main>`;
  return renderPage({ texts, title, body, withScript: true });
}

function coinOption(texts: CheckoutTexts, choice: CoinChoice, checked: boolean): SafeHtml {
  const { crypto } = choice;
  const id = `coin-${crypto.code}`;
  const ticker = crypto.ticker.toUpperCase();
  const search = [crypto.name, crypto.code, crypto.ticker, crypto.networkName, ...crypto.aliases]
    .join(' ')
    .toLowerCase();
  const amount = !choice.available
    ? texts.invoice.belowMinimum
    : choice.approxAmount && fillText(texts.invoice.approximately, { amount: choice.approxAmount, ticker });
  return html`<li data-search="${search}">
    <input
      type="radio"
      name="pay_currency"
      id="${id}"
      value="${crypto.code}"
      ${checked ? html` checked` : ''}${choice.available ? '' : html` disabled`}
    />
    <label for="${id}"
      ><img src="${crypto.logoUrl}" alt="" width="36" height="36" loading="lazy" decoding="async" />
      <span class="coin-name">${crypto.name}</span>
      <span class="coin-network"
        >${ticker} · ${fillText(texts.invoice.onNetwork, { network: crypto.paidOnName })}</span
      >
      <span class="coin-amount">${amount}</span></label
    >
  </li>`;
}
