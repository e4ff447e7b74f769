import type { PaymentDocument } from '@gw/views';
import { CHECKOUT_STAGES, paymentPath, type CheckoutStage, type CheckoutState } from '../checkout-state';
import { html, type SafeHtml } from '@gw/platform';
import { qrPathOf } from '../payment-status';
import type { PaymentUriOf } from '@gw/chain';
import { fill, fillText, type CheckoutTexts } from '../texts';
import { formatCountdown } from './format';
import { ICONS } from './icons';
import { merchantHeader, orderSummary, renderPage, type OrderSummary } from './layout';

export interface PaymentPageModel {
  texts: CheckoutTexts;
  merchantName: string;
  payment: PaymentDocument;
  /** Upper-case ticker (USDT) and the network's name (Tron (TRC-20)) for amounts and the warning. */
  ticker: string;
  networkName: string;
  order: OrderSummary;
  state: CheckoutState;
  pollMs: number;
  paymentUriOf: PaymentUriOf;
}

const STAGE_ICONS: Record<CheckoutStage, SafeHtml> = {
  waiting: ICONS.clock,
  confirming: ICONS.spinner,
  paid: ICONS.check,
  partially_paid: ICONS.warning,
  expired: ICONS.alert,
  failed: ICONS.alert,
  refunded: ICONS.alert,
};

const LIVE_STAGES: readonly CheckoutStage[] = ['waiting', 'confirming', 'partially_paid'];
const NOSCRIPT_REFRESH_SECONDS = 15;

export function renderPaymentPage(model: PaymentPageModel): string {
  const { texts, state, payment } = model;
  const shows = (...stages: CheckoutStage[]) =>
    html` data-show-when="${stages.join(' ')}"${stages.includes(state.stage) ? '' : html` hidden`}`;
  const field = (name: string, value: string | number | null) =>
    html`<span data-field="${name}">${value}</span>`;
  const automatic = state.wayOut?.automatic ? state.wayOut : null;

  const body = html`<main
    class="checkout"
    data-status-url="${paymentPath(payment.uuid)}/status.json"
    data-poll-ms="${model.pollMs}"
    data-stage="${state.stage}"
  >
    ${merchantHeader(texts, model.merchantName)}
    ${payment.testPayment ? html`<p class="test-payment" role="note">${texts.payment.testPayment}</p>` : ''}
    ${orderSummary(texts, model.order)}
    <section class="status stage-${state.stage}" data-status-box aria-live="polite" aria-atomic="true">
      ${CHECKOUT_STAGES.map((stage) => stagePanel(model, stage, field))}
    </section>
    <dl class="amounts" ${shows('partially_paid')}>
      <div>
        <dt>${texts.payment.paid}</dt>
        <dd>${field('actually_paid', state.actuallyPaid)} ${model.ticker}</dd>
      </div>
      <div>
        <dt>${texts.payment.missing}</dt>
        <dd>${field('missing_amount', state.missingAmount)} ${model.ticker}</dd>
      </div>
    </dl>
    <section class="pay" ${shows('waiting', 'partially_paid')} aria-label="${texts.payment.sendExactly}">
      ${payInstructions(model, field)}
    </section>
    <div class="next">
      <p data-redirect-notice${automatic ? '' : html` hidden`}>
        ${fill(texts.payment.redirecting, { seconds: field('redirect_seconds', automatic?.delaySeconds ?? 0) })}
      </p>
      <a
        class="button"
        data-pick-again
        href="${state.pickAgainPath ?? '#'}"
        ${state.pickAgainPath ? '' : html` hidden`}
        >${texts.payment.pickAgain}</a
      >
      <a
        class="button secondary"
        data-way-out
        href="${state.wayOut?.url ?? '#'}"
        ${state.wayOut ? '' : html` hidden`}
        >${texts.common.backToShop}</a
      >
    </div>
    <p class="footer">${fill(texts.payment.reference, { reference: payment.paymentId })}</p>
  </main>`;

  return renderPage({
    texts,
    title: fillText(texts.common.payMerchant, { merchant: model.merchantName }),
    body,
    withScript: true,
    noscriptRefresh: automatic
      ? { seconds: automatic.delaySeconds, url: automatic.url }
      : LIVE_STAGES.includes(state.stage)
        ? { seconds: NOSCRIPT_REFRESH_SECONDS }
        : null,
  });
}

type FieldRenderer = (name: string, value: string | number | null) => SafeHtml;

function stagePanel(model: PaymentPageModel, stage: CheckoutStage, field: FieldRenderer): SafeHtml {
  const { texts, state } = model;
  const words = texts.stages[stage];
  const detail = fill(words.detail, {
    merchant: model.merchantName,
    ticker: model.ticker,
    paid: field('actually_paid', state.actuallyPaid),
    missing: field('missing_amount', state.missingAmount),
  });
  return html`<div class="stage" data-stage-panel="${stage}" ${stage === state.stage ? '' : html` hidden`}>
    ${STAGE_ICONS[stage]}
    <div>
      <h2>${words.title}</h2>
      <p>${detail}</p>
      ${
        stage === 'confirming' &&
        html`<p>
            ${texts.payment.confirmations}: ${field('confirmations', state.confirmations)} /
            ${field('required_confirmations', state.requiredConfirmations)}
          </p>
          <progress
            data-confirmations-progress
            max="${Math.max(1, state.requiredConfirmations)}"
            value="${Math.min(state.confirmations, Math.max(1, state.requiredConfirmations))}"
            aria-label="${texts.payment.confirmations}"
          ></progress>`
      }
    </div>
  </div>`;
}

function payInstructions(model: PaymentPageModel, field: FieldRenderer): SafeHtml {
  const { texts, state, payment, ticker } = model;
  const amountDue = state.amountDue ?? state.payAmount;
  const copyButton = (label: string, value: string, copyField?: string) =>
    html`<button
      type="button"
      class="copy"
      data-copy="${value}"
      ${copyField ? html` data-copy-field="${copyField}"` : ''}
      data-copied="${texts.common.copied}"
      data-copy-failed="${texts.common.copyFailed}"
      aria-label="${label}"
      hidden
    >
      ${texts.common.copy}
    </button>`;
  return html`<p class="pay-in" data-pay-in>
      ${fillText(texts.payment.payIn, { ticker, network: model.networkName })}
    </p>
    <div>
      <span class="field-label">${texts.payment.sendExactly}</span>
      <div class="copy-row">
        <code class="amount">${field('amount_due', amountDue)} ${ticker}</code
        >${copyButton(texts.payment.copyAmount, amountDue, 'amount_due')}
      </div>
    </div>
    <div class="qr">
      <img
        data-qr
        src="${qrPathOf(payment.uuid, amountDue)}"
        width="220"
        height="220"
        alt="${fillText(texts.payment.qrAlt, { ticker })}"
      />
      <a
        class="wallet-link"
        data-payment-uri
        href="${model.paymentUriOf(payment.payCurrency, payment.payAddress, amountDue)}"
        >${texts.payment.openInWallet}</a
      >
    </div>
    <div>
      <span class="field-label">${fillText(texts.payment.toAddress, { ticker })}</span>
      <div class="copy-row">
        <code data-pay-address>${payment.payAddress}</code
        >${copyButton(texts.payment.copyAddress, payment.payAddress)}
      </div>
    </div>
    ${
      payment.payinExtraId !== null &&
      html`<div>
        <span class="field-label">${texts.payment.extraId}</span>
        <div class="copy-row">
          <code>${payment.payinExtraId}</code>${copyButton(texts.payment.copyExtraId, payment.payinExtraId)}
        </div>
        <p class="warning" role="note">${ICONS.warning}<span>${texts.payment.extraIdWarning}</span></p>
      </div>`
    }
    <p class="warning" role="note" data-network-warning>
      ${ICONS.warning}<span
        >${fill(texts.payment.networkWarning, { ticker, network: model.networkName })}</span
      >
    </p>
    <div data-show-when="waiting" ${state.stage === 'waiting' ? '' : html` hidden`}>
      <div class="countdown" data-countdown-box${state.secondsLeft > 0 ? '' : html` hidden`}>
        <span>${texts.payment.timeLeft}</span>
        <time data-countdown data-seconds-left="${state.secondsLeft}" datetime="PT${state.secondsLeft}S"
          >${formatCountdown(state.secondsLeft)}</time
        >
      </div>
      <p class="time-up" data-time-up${state.secondsLeft > 0 ? html` hidden` : ''}>${texts.payment.timeUp}</p>
    </div>`;
}
