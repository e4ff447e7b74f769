import type { RefundStatusView, RefundView } from '@gw/service-admin';
import { stringFlag, type AdminCommand } from './admin-command';
import { describeRefund, describeRefundStatus } from './admin-output';

export const PAYMENT_COMMANDS: Record<string, AdminCommand> = {
  refund: {
    synopsis: 'payment refund <payment-id> [--refund-hash <tx-hash>]',
    summary:
      'mark a finished or partially paid payment refunded by hand (the refund went back without a request)',
    args: ['payment-id'],
    options: { 'refund-hash': { type: 'string' } },
    async run({ client, flags, args: [paymentId = ''], print }) {
      const body = { refund_hash: stringFlag(flags, 'refund-hash') };
      print(
        await client.request<RefundView>('POST', `/payments/${encodeURIComponent(paymentId)}/refund`, body),
        describeRefund,
      );
    },
  },
  'refund-request': {
    synopsis: 'payment refund-request <payment-id> --address <buyer address> [--amount <amount in the coin>]',
    summary:
      'ask for a refund the merchant sends from its wallet (default amount: all the payment received); the watcher marks the payment refunded when it is confirmed',
    args: ['payment-id'],
    options: { address: { type: 'string' }, amount: { type: 'string' } },
    required: ['address'],
    async run({ client, flags, args: [paymentId = ''], print }) {
      const amount = stringFlag(flags, 'amount');
      const body = { address: stringFlag(flags, 'address'), ...(amount === undefined ? {} : { amount }) };
      print(
        await client.request<RefundStatusView>(
          'POST',
          `/payments/${encodeURIComponent(paymentId)}/refund-request`,
          body,
        ),
        describeRefundStatus,
      );
    },
  },
  'refund-status': {
    synopsis: 'payment refund-status <payment-id>',
    summary:
      "show where a payment's refund stands: what to send while pending, the transaction once refunded",
    args: ['payment-id'],
    options: {},
    async run({ client, args: [paymentId = ''], print }) {
      print(
        await client.request<RefundStatusView>('GET', `/payments/${encodeURIComponent(paymentId)}/refund`),
        describeRefundStatus,
      );
    },
  },
};
