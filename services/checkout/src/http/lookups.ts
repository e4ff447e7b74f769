import type { ServiceContext } from '@gw/application';
import { COLLECTIONS, type InvoiceDocument, type MerchantDocument, type PaymentDocument } from '@gw/views';

const INVOICE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PAYMENT_UUID = /^[0-9a-fA-F-]{36}$/;

export interface InvoiceContext {
  invoice: InvoiceDocument;
  merchant: MerchantDocument;
}

export interface PaymentContext {
  payment: PaymentDocument;
  merchant: MerchantDocument;
}

/** What a page's id leads to, or null for anything a buyer must see as "not found". */
export class CheckoutLookups {
  constructor(private readonly ctx: ServiceContext) {}

  private get invoices() {
    return this.ctx.readModels.collection<InvoiceDocument>(COLLECTIONS.invoices);
  }

  private get payments() {
    return this.ctx.readModels.collection<PaymentDocument>(COLLECTIONS.payments);
  }

  private get merchants() {
    return this.ctx.readModels.collection<MerchantDocument>(COLLECTIONS.merchants);
  }

  async invoice(invoiceId: string): Promise<InvoiceContext | null> {
    if (!INVOICE_ID.test(invoiceId)) return null;
    const invoice = await this.invoices.get(invoiceId);
    if (!invoice) return null;
    const merchant = await this.merchants.get(invoice.merchantId);
    return merchant ? { invoice, merchant } : null;
  }

  async latestPaymentOf(invoice: InvoiceDocument): Promise<PaymentDocument | null> {
    const [latest] = await this.payments.find({
      filter: { merchantId: invoice.merchantId, invoiceId: invoice.invoiceId },
      sort: [['createdAt', -1]],
      limit: 1,
    });
    return latest ?? null;
  }

  async payment(uuid: string): Promise<PaymentContext | null> {
    if (!PAYMENT_UUID.test(uuid)) return null;
    const payment = await this.payments.findOne({ uuid: uuid.toLowerCase() });
    if (!payment) return null;
    const merchant = await this.merchants.get(payment.merchantId);
    if (!merchant) return null;
    if (payment.invoiceId !== null) {
      // A payment claiming another merchant's invoice is shown to nobody.
      const invoice = await this.invoices.get(payment.invoiceId);
      if (invoice && invoice.merchantId !== payment.merchantId) return null;
    }
    return { payment, merchant };
  }
}
