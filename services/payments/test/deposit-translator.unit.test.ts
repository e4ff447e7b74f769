import type { DepositMessage } from '@gw/contracts';
import { numericIdFrom } from '@gw/platform';
import { depositToCommand } from '../src/deposit-translator';

const sandboxDeposit: DepositMessage = {
  payAddress: 'bc1qpay',
  network: 'btc',
  paymentId: 42,
  merchantId: 'm1',
  txHash: 'ab'.repeat(32),
  amount: '0.0015',
  fromAddress: null,
  confirmations: 1,
  observedAt: '2026-01-01T10:00:00.000Z',
};

describe('depositToCommand', () => {
  it("names the watcher's block, by height and hash, for the rule that older money never counts", () => {
    const inBlock = { ...sandboxDeposit, blockHash: 'b1', blockHeight: 7 };
    expect(depositToCommand(inBlock).command.data).toMatchObject({ block: { height: 7, hash: 'b1' } });
    expect(depositToCommand({ ...inBlock, blockHash: null, blockHeight: null }).command.data).toMatchObject({
      block: null,
    });
  });

  it('records the deposit on the payment stream, identified by network, hash and confirmations', () => {
    expect(depositToCommand(sandboxDeposit)).toEqual({
      commandId: `deposit:btc:${'ab'.repeat(32)}:1`,
      streamId: 'payment-42',
      merchantId: 'm1',
      command: {
        type: 'RecordDeposit',
        data: {
          txHash: 'ab'.repeat(32),
          outputIndex: null,
          amount: '0.0015',
          fromAddress: null,
          confirmations: 1,
          block: null,
          repeatedPayment: { paymentId: expect.any(Number), uuid: expect.any(String) },
        },
        metadata: {
          now: '2026-01-01T10:00:00.000Z',
          correlationId: `deposit:btc:${'ab'.repeat(32)}:1`,
          causationId: `deposit:btc:${'ab'.repeat(32)}:1`,
        },
      },
    });
  });

  it("tells apart a watcher's observations of one count in two blocks, and in the mempool after a reorganisation", () => {
    const inBlock = { ...sandboxDeposit, blockHash: 'b1' };
    const ids = new Set([
      depositToCommand(inBlock).commandId,
      depositToCommand({ ...inBlock, blockHash: 'b2', observedAt: '2026-01-01T10:10:00.000Z' }).commandId,
      depositToCommand({ ...inBlock, confirmations: 0, blockHash: null }).commandId,
      depositToCommand({
        ...inBlock,
        confirmations: 0,
        blockHash: null,
        observedAt: '2026-01-01T10:20:00.000Z',
      }).commandId,
    ]);
    expect(ids.size).toBe(4);
    expect(depositToCommand(inBlock).commandId).toBe(depositToCommand({ ...inBlock }).commandId);
  });

  it("tells apart two outputs of one transaction: a watcher's deposit is txid:vout", () => {
    const output = (outputIndex: number) =>
      depositToCommand({ ...sandboxDeposit, blockHash: 'b1', outputIndex });
    expect(output(0).commandId).toContain(`btc:${'ab'.repeat(32)}:0:`);
    expect(output(0).commandId).not.toBe(output(1).commandId);
    expect(output(1).command.data).toMatchObject({ txHash: 'ab'.repeat(32), outputIndex: 1 });
  });
});

describe('the repeated payment a late deposit would open (V1)', () => {
  const idsOf = (deposit: DepositMessage) => {
    const { command } = depositToCommand(deposit);
    if (command.type !== 'RecordDeposit') throw new Error('not a deposit');
    return command.data.repeatedPayment!;
  };

  it('is named by the deposit: a redelivered observation names the same child, another deposit another', () => {
    expect(idsOf({ ...sandboxDeposit })).toEqual(idsOf(sandboxDeposit));
    expect(idsOf({ ...sandboxDeposit, txHash: 'cd'.repeat(32) })).not.toEqual(idsOf(sandboxDeposit));
    expect(idsOf({ ...sandboxDeposit, outputIndex: 1 })).not.toEqual(
      idsOf({ ...sandboxDeposit, outputIndex: 0 }),
    );
    expect(idsOf(sandboxDeposit).uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(String(idsOf(sandboxDeposit).paymentId)).toMatch(/^\d{10,16}$/);
  });

  it("takes an id in the chain's space, which a payment created by a request at that instant cannot hold", () => {
    const { paymentId } = idsOf(sandboxDeposit);
    const observedAt = new Date(sandboxDeposit.observedAt);
    expect(paymentId).toBe(numericIdFrom(`repeated:btc:${'ab'.repeat(32)}`, observedAt, 'chain'));
    expect(paymentId).toBeGreaterThanOrEqual(2 ** 52);
    expect(Number.isSafeInteger(paymentId)).toBe(true);
  });

  it("turns a watcher's word that the transaction left the chain for good into a DropDeposit", () => {
    const dropped = {
      ...sandboxDeposit,
      outputIndex: 1,
      confirmations: 0,
      blockHash: null,
      dropped: true,
      observedAt: '2026-01-01T11:00:00.000Z',
    };
    const commandId = `deposit:btc:${'ab'.repeat(32)}:1:dropped:2026-01-01T11:00:00.000Z`;
    expect(depositToCommand(dropped)).toEqual({
      commandId,
      streamId: 'payment-42',
      merchantId: 'm1',
      command: {
        type: 'DropDeposit',
        data: { txHash: 'ab'.repeat(32), outputIndex: 1 },
        metadata: { now: '2026-01-01T11:00:00.000Z', correlationId: commandId, causationId: commandId },
      },
    });
  });

  it("turns a watcher's refund transfer into RecordRefundTransfer, a dropped one into no confirmations", () => {
    const refund: DepositMessage = {
      ...sandboxDeposit,
      refund: true,
      outputIndex: 1,
      blockHash: 'b1',
      blockHeight: 7,
    };
    expect(depositToCommand(refund).command).toMatchObject({
      type: 'RecordRefundTransfer',
      data: { txHash: 'ab'.repeat(32), outputIndex: 1, amount: '0.0015', confirmations: 1 },
    });
    expect(depositToCommand({ ...refund, dropped: true }).command).toMatchObject({
      type: 'RecordRefundTransfer',
      data: { confirmations: 0 },
    });
    expect(depositToCommand(refund).commandId).not.toBe(
      depositToCommand({ ...refund, confirmations: 2 }).commandId,
    );
    expect(depositToCommand(refund).commandId).not.toBe(
      depositToCommand({ ...refund, refund: undefined }).commandId,
    );
  });
});
