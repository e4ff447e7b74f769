import type { DeliveryDetailView, DeliverySummaryView } from '@gw/service-notifier';
import {
  AdminUsageError,
  stringFlag,
  wholeNumber,
  type AdminCommand,
  type FlagValues,
} from './admin-command';

/** `gateway webhooks list|show|redeliver|redeliver-dead`, over /admin/v1/webhooks of a running gateway. */

interface DeliveryListView {
  count: number;
  limit: number;
  offset: number;
  result: DeliverySummaryView[];
}

interface RedeliveredView {
  merchant_id: string;
  redelivered: number;
  delivery_ids: string[];
}

const STATES = ['pending', 'delivered', 'dead'];

export const WEBHOOK_COMMANDS: Record<string, AdminCommand> = {
  list: {
    synopsis:
      'webhooks list [--merchant <id>] [--state pending|delivered|dead] [--payment <id>] [--limit <n>] [--offset <n>]',
    summary: 'list webhook deliveries, newest first',
    args: [],
    options: {
      merchant: { type: 'string' },
      state: { type: 'string' },
      payment: { type: 'string' },
      limit: { type: 'string' },
      offset: { type: 'string' },
    },
    async run({ client, flags, print }) {
      print(
        await client.request<DeliveryListView>('GET', `/webhooks${listQuery(flags)}`),
        describeDeliveryList,
      );
    },
  },
  show: {
    synopsis: 'webhooks show <delivery-id>',
    summary: 'show one delivery with its body and every attempt',
    args: ['delivery-id'],
    options: {},
    async run({ client, args: [deliveryId = ''], print }) {
      print(
        await client.request<DeliveryDetailView>('GET', `/webhooks/${encodeURIComponent(deliveryId)}`),
        describeDelivery,
      );
    },
  },
  redeliver: {
    synopsis: 'webhooks redeliver <delivery-id>',
    summary: 'send a delivered or dead webhook again, with a fresh retry schedule',
    args: ['delivery-id'],
    options: {},
    async run({ client, args: [deliveryId = ''], print }) {
      const path = `/webhooks/${encodeURIComponent(deliveryId)}/redeliver`;
      print(
        await client.request<DeliverySummaryView>('POST', path, {}),
        (d) => `Delivery ${d.delivery_id} queued again (${d.url}).\n`,
      );
    },
  },
  'redeliver-dead': {
    synopsis: 'webhooks redeliver-dead --merchant <id>',
    summary: 'send every dead webhook of a merchant again, oldest first',
    args: [],
    options: { merchant: { type: 'string' } },
    required: ['merchant'],
    async run({ client, flags, print }) {
      const body = { merchant_id: stringFlag(flags, 'merchant') };
      print(await client.request<RedeliveredView>('POST', '/webhooks/redeliver-dead', body), (r) =>
        r.redelivered === 0
          ? `Merchant ${r.merchant_id} has no dead webhooks.\n`
          : `Queued ${r.redelivered} dead webhook(s) again: ${r.delivery_ids.join(', ')}\n`,
      );
    },
  },
};

function listQuery(flags: FlagValues): string {
  const query = new URLSearchParams();
  const merchant = stringFlag(flags, 'merchant');
  const state = stringFlag(flags, 'state');
  const payment = stringFlag(flags, 'payment');
  if (merchant) query.set('merchant_id', merchant);
  if (state) {
    if (!STATES.includes(state)) throw new AdminUsageError(`--state must be one of ${STATES.join(', ')}`);
    query.set('state', state);
  }
  if (payment) query.set('payment_id', String(wholeNumber(payment, '--payment')));
  for (const name of ['limit', 'offset']) {
    const value = stringFlag(flags, name);
    if (value !== undefined) query.set(name, String(wholeNumber(value, `--${name}`)));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function describeDeliveryList(list: DeliveryListView): string {
  if (list.result.length === 0) return 'No webhook deliveries match.\n';
  const rows = list.result.map(
    (d) =>
      `${d.delivery_id.padEnd(22)} ${d.state.padEnd(9)} ${d.family.padEnd(5)} ${d.webhook_status.padEnd(14)} attempts ${String(d.attempt_count).padStart(2)}  last ${d.last_status_code ?? d.last_error ?? '-'}  ${d.url}`,
  );
  const shown = `${list.offset + 1}-${list.offset + list.result.length} of ${list.count}`;
  return `${rows.join('\n')}\n(${shown})\n`;
}

export function describeDelivery(d: DeliveryDetailView): string {
  const attempts = d.attempts.map(
    (a) =>
      `  #${a.number} ${a.at}  ${a.status_code ?? '---'}  ${a.latency_ms} ms${a.error ? `  ${a.error}` : ''}${a.response_body ? `  body: ${a.response_body.slice(0, 80)}` : ''}`,
  );
  return [
    `delivery       ${d.delivery_id}`,
    `merchant       ${d.merchant_id}`,
    `payment        ${d.payment_id} (${d.family}, ${d.payment_status} → webhook status ${d.webhook_status})`,
    `url            ${d.url}`,
    `state          ${d.state}${d.dead_reason ? ` (${d.dead_reason})` : ''}`,
    `next attempt   ${d.next_attempt_at ?? '-'}`,
    `delivered at   ${d.delivered_at ?? '-'}`,
    `redeliveries   ${d.admin_redeliveries} by admin, ${d.merchant_resends} by the merchant`,
    `headers        ${Object.entries(d.headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ')}`,
    `body           ${d.body}`,
    `attempts (${d.attempt_count})`,
    ...attempts,
    '',
  ].join('\n');
}
