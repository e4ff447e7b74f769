import type { RefundView } from '@gw/service-admin';
import { stringFlag, type AdminCommand } from './admin-command';
import { describeRefund } from './admin-output';

export const PAYMENT_COMMANDS: Record<string, AdminCommand> = {
  refund: {
    synopsis: 'payment refund <payment-id> [--refund-hash <tx-hash>]',
    summary: 'mark a finished or partially paid payment refunded',
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
};
