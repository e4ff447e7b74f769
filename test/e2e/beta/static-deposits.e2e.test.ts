import { eventOf } from '@gw/contracts';
import { settleStaticDeposit } from '@gw/application';
import { streamIdOf } from '@gw/domain';
import { uuidFrom } from '@gw/platform';
import { samplePaymentTerms, sampleStaticAddressTerms, sampleStaticDeposit } from '@gw/domain/testing';
import { startTestGateway, type TestGateway } from '../../support/gateway';

/**
 * What the watcher asks for each deposit to a static address, asked again as a restart would (with
 * another proposed payment id): the address's stream decides once, and the payment is opened once.
 */
describe('settling a deposit to a static address', () => {
  let gateway: TestGateway;
  const at = '2026-01-02T00:00:00.000Z';

  beforeAll(async () => {
    gateway = await startTestGateway();
  });

  afterAll(async () => {
    await gateway.stop();
  });

  async function openAddress(id: string, staticAddressId: number) {
    const terms = sampleStaticAddressTerms({
      merchantId: gateway.demoMerchant.merchantId,
      staticAddressId,
      uuid: uuidFrom(`static-deposits-test:${staticAddressId}`),
      address: `bcrt1qstatic${staticAddressId}`,
    });
    const reply = await gateway.gateway.ctx.commands.send(streamIdOf('static', id), terms.merchantId, {
      type: 'OpenStaticAddress',
      data: terms,
    });
    if (!reply.ok) throw new Error(reply.error.message);
    return { ...terms, id };
  }
  const createdOf = async (paymentId: number) => {
    const stream = await gateway.gateway.ctx.eventStore.readStream(streamIdOf('payment', paymentId));
    return stream.map((event) => eventOf(event)).filter((event) => event.type === 'PaymentCreated');
  };

  it('opens one payment per deposit, the same one however often it is asked', async () => {
    const address = await openAddress(`${gateway.demoMerchant.merchantId}:btc:order:settle-1`, 5_105_640_001);
    const first = await settleStaticDeposit(gateway.gateway.ctx, address, {
      ...sampleStaticDeposit(1),
      paymentId: 7_000_000_001,
      observedAt: at,
    });
    const again = await settleStaticDeposit(gateway.gateway.ctx, address, {
      ...sampleStaticDeposit(1),
      paymentId: 7_000_000_002,
      observedAt: at,
    });
    expect(first).toEqual({ credited: true, paymentId: 7_000_000_001 });
    expect(again).toEqual(first);
    const created = await createdOf(7_000_000_001);
    expect(created).toHaveLength(1);
    expect(created[0]?.data).toMatchObject({
      kind: 'static_address',
      payAmount: '0.001',
      payAddress: address.address,
    });
    expect(await createdOf(7_000_000_002)).toEqual([]);

    const second = await settleStaticDeposit(gateway.gateway.ctx, address, {
      ...sampleStaticDeposit(2),
      paymentId: 7_000_000_003,
      observedAt: at,
    });
    expect(second).toEqual({ credited: true, paymentId: 7_000_000_003 });
  });

  it('refuses a deposit after the address was revoked, and opens no payment', async () => {
    const address = await openAddress(`${gateway.demoMerchant.merchantId}:btc:order:settle-2`, 5_105_640_002);
    await gateway.gateway.ctx.commands.send(streamIdOf('static', address.id), address.merchantId, {
      type: 'RevokeStaticAddress',
      data: {},
    });
    const outcome = await settleStaticDeposit(gateway.gateway.ctx, address, {
      ...sampleStaticDeposit(3),
      paymentId: 7_000_000_004,
      observedAt: at,
    });
    expect(outcome).toEqual({ credited: false });
    expect(await createdOf(7_000_000_004)).toEqual([]);
  });

  it('never credits a deposit to another payment that holds the id it was given', async () => {
    const other = samplePaymentTerms({
      paymentId: 7_000_000_005,
      merchantId: gateway.demoMerchant.merchantId,
    });
    const created = await gateway.gateway.ctx.commands.send(
      streamIdOf('payment', other.paymentId),
      other.merchantId,
      {
        type: 'CreatePayment',
        data: other,
      },
    );
    expect(created.ok).toBe(true);
    const address = await openAddress(`${gateway.demoMerchant.merchantId}:btc:order:settle-3`, 5_105_640_003);

    await expect(
      settleStaticDeposit(gateway.gateway.ctx, address, {
        ...sampleStaticDeposit(4),
        paymentId: other.paymentId,
        observedAt: at,
      }),
    ).rejects.toThrow(/not created: .*already exists/);
    expect((await createdOf(other.paymentId)).map((event) => event.data)).toEqual([
      expect.objectContaining({ uuid: other.uuid, payAddress: other.payAddress }),
    ]);
  });
});
