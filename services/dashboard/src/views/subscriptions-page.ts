import { SUBSCRIPTION_STATUSES } from '@gw/domain';
import { html, trusted, type SafeHtml } from '@gw/platform';
import type { PlanDocument, SubscriptionDocument } from '@gw/views';
import { textField, type FormState } from './form-field';
import { scrollingTable, when, csrfField, notice, renderPage, type Chrome } from '@gw/dashboard-shell';

export interface SubscriptionsView {
  chrome: Chrome;
  plans: PlanDocument[];
  subscriptions: SubscriptionDocument[];
  planForm: FormState;
  subscriptionForm: FormState;
  message: string | null;
  error: string | null;
}

/** The optional URLs of a plan, as the V1 API and the admin API name them. */
export const PLAN_URL_FIELDS = [
  ['success_url', 'Success URL'],
  ['cancel_url', 'Cancel URL'],
  ['partially_paid_url', 'Partially paid URL'],
  ['ipn_callback_url', 'IPN callback URL'],
] as const;

export function renderSubscriptionsPage(view: SubscriptionsView): string {
  const { csrfToken } = view.chrome;
  return renderPage({
    title: 'Subscriptions',
    chrome: view.chrome,
    body: html`<h1>Subscriptions</h1>
      ${notice(view.message)} ${notice(view.error, 'error')}
      <section class="panel" aria-labelledby="plans-title">
        <h2 id="plans-title">Plans</h2>
        ${plansTable(view.plans)}
        <h3 id="new-plan-title">New plan</h3>
        <form
          method="post"
          action="/dashboard/subscriptions/plans"
          aria-labelledby="new-plan-title"
          novalidate
        >
          ${csrfField(csrfToken)}
          <div class="form-grid">
            ${textField('plan', 'title', 'Title', view.planForm, { required: true })}
            ${textField('plan', 'amount', 'Amount', view.planForm, { required: true, inputMode: 'decimal' })}
            ${textField('plan', 'currency', 'Currency', view.planForm, {
              required: true,
              hint: 'A catalogue code: usd, eur, btc…',
            })}
            ${textField('plan', 'interval_day', 'Renews every (days)', view.planForm, {
              required: true,
              inputMode: 'numeric',
            })}
          </div>
          <details ${PLAN_URL_FIELDS.some(([name]) => view.planForm.problems[name]) ? trusted('open') : ''}>
            <summary>Redirect and IPN URLs (optional)</summary>
            <div class="form-grid">
              ${PLAN_URL_FIELDS.map(([name, label]) => textField('plan', name, label, view.planForm, { type: 'url' }))}
            </div>
          </details>
          <button type="submit">Create plan</button>
        </form>
      </section>
      <section class="panel" aria-labelledby="subscriptions-title">
        <h2 id="subscriptions-title">Subscriptions</h2>
        ${subscriptionsTable(csrfToken, view.subscriptions)}
        <h3 id="new-subscription-title">Subscribe an email to a plan</h3>
        ${
          view.plans.length === 0
            ? html`<p>Create a plan first.</p>`
            : subscriptionForm(csrfToken, view.plans, view.subscriptionForm)
        }
      </section>`,
  });
}

function subscriptionForm(csrfToken: string, plans: PlanDocument[], form: FormState): SafeHtml {
  const problem = form.problems.subscription_plan_id ?? null;
  return html`<form
    method="post"
    action="/dashboard/subscriptions"
    aria-labelledby="new-subscription-title"
    novalidate
  >
    ${csrfField(csrfToken)}
    <div class="form-grid">
      <div class="field">
        <label for="subscription-plan">Plan</label>
        <select
          id="subscription-plan"
          name="subscription_plan_id"
          ${problem ? trusted('aria-invalid="true" aria-describedby="subscription-plan-problem"') : ''}
        >
          ${plans.map(
            (plan) =>
              html`<option
                value="${String(plan.planId)}"
                ${form.values.subscription_plan_id === String(plan.planId) ? trusted('selected') : ''}
              >
                ${plan.title} (${plan.amount} ${plan.currency.toUpperCase()} every ${plan.intervalDay} days)
              </option>`,
          )}
        </select>
        ${problem ? html`<p id="subscription-plan-problem" class="field-problem">${problem}</p>` : null}
      </div>
      ${textField('subscription', 'email', 'Subscriber email', form, { type: 'email', required: true })}
    </div>
    <button type="submit">Subscribe</button>
  </form>`;
}

function plansTable(plans: PlanDocument[]): SafeHtml {
  if (plans.length === 0) return html`<p>No plans yet.</p>`;
  return scrollingTable(
    'Subscription plans',
    html`<table>
      <thead>
        <tr>
          <th scope="col">Plan</th>
          <th scope="col">Title</th>
          <th scope="col" class="num">Amount</th>
          <th scope="col" class="num">Every</th>
          <th scope="col">Created (UTC)</th>
        </tr>
      </thead>
      <tbody>
        ${plans.map(
          (plan) =>
            html`<tr>
              <td>${plan.planId}</td>
              <td>${plan.title}</td>
              <td class="num">${plan.amount} ${plan.currency.toUpperCase()}</td>
              <td class="num">${plan.intervalDay} days</td>
              <td>${when(plan.createdAt)}</td>
            </tr>`,
        )}
      </tbody>
    </table>`,
  );
}

function subscriptionsTable(csrfToken: string, subscriptions: SubscriptionDocument[]): SafeHtml {
  if (subscriptions.length === 0) return html`<p>No subscriptions yet.</p>`;
  return scrollingTable(
    'Subscriptions',
    html`<table>
      <thead>
        <tr>
          <th scope="col">Subscription</th>
          <th scope="col">Plan</th>
          <th scope="col">Subscriber</th>
          <th scope="col">Renews (UTC)</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        ${subscriptions.map(
          (subscription) =>
            html`<tr>
              <td>${subscription.subscriptionId}</td>
              <td>${subscription.planId}</td>
              <td>${subscription.subscriberEmail}</td>
              <td>${when(subscription.expireDate)}</td>
              <td>${statusForm(csrfToken, subscription)}</td>
            </tr>`,
        )}
      </tbody>
    </table>`,
  );
}

/** Pause, resume, cancel or expire: the statuses the V1 API reports. */
function statusForm(csrfToken: string, subscription: SubscriptionDocument): SafeHtml {
  const id = `status-${subscription.subscriptionId}`;
  return html`<form
    method="post"
    action="/dashboard/subscriptions/${String(subscription.subscriptionId)}/status"
    class="row"
  >
    ${csrfField(csrfToken)}
    <label for="${id}" class="skip">Status of subscription ${subscription.subscriptionId}</label>
    <select id="${id}" name="status">
      ${SUBSCRIPTION_STATUSES.map(
        (status) =>
          html`<option value="${status}" ${subscription.status === status ? trusted('selected') : ''}>
            ${status}
          </option>`,
      )}
    </select>
    <button type="submit" class="secondary">Change</button>
  </form>`;
}
