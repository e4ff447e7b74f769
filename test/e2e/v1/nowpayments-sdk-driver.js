// Drives the unmodified official NOWPayments JS SDK. Run as a child process with HTTPS_PROXY pointing at
// the gateway: the SDK's hard-coded https://api.nowpayments.io then reaches us as absolute-form requests.
// Usage: node nowpayments-sdk-driver.js <apiKey>; prints one JSON object with every call's result.
const NOWPaymentsApi = require('@nowpaymentsio/nowpayments-api-js');

async function main() {
  const apiKey = process.argv[2];
  const api = new NOWPaymentsApi({ apiKey });
  const results = {};
  results.status = await api.status();
  results.currencies = await api.getCurrencies();
  results.estimate = await api.getEstimatePrice({ amount: 100, currency_from: 'usd', currency_to: 'btc' });
  results.minAmount = await api.getMinimumPaymentAmount({ currency_from: 'btc', currency_to: 'btc' });
  results.payment = await api.createPayment({
    price_amount: 150,
    price_currency: 'usd',
    pay_currency: 'btc',
    order_id: 'SDK-1',
    order_description: 'made by the official SDK',
    ipn_callback_url: 'https://shop.example/ipn',
    fixed_rate: true,
  });
  results.invalidPayment = await api.createPayment({
    price_amount: 150,
    price_currency: 'usd',
    pay_currency: 'nosuchcoin',
  });
  for (let attempt = 0; attempt < 200; attempt++) {
    results.paymentStatus = await api.getPaymentStatus({ payment_id: results.payment.payment_id });
    if (results.paymentStatus.payment_id) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  results.list = await api.getListPayments({ limit: 5, page: 0, sortBy: 'created_at', orderBy: 'desc' });
  results.invoice = await api.createInvoice({
    price_amount: 1000,
    price_currency: 'usd',
    order_id: 'SDK-INV',
    success_url: 'https://shop.example/ok',
    cancel_url: 'https://shop.example/cancel',
  });
  process.stdout.write(JSON.stringify(results));
}

main().catch((error) => {
  process.stderr.write(String(error && error.stack ? error.stack : error));
  process.exit(1);
});
