import { startTestGateway } from './test/support/gateway';
(async () => {
  const gw = await startTestGateway({ env: { LOG_LEVEL: 'error' } });
  const k = gw.demoMerchant;
  for (const q of process.argv.slice(2)) {
    const [method, url, body] = q.split(' ');
    const r = await fetch(gw.baseUrl + url, { method, headers: { 'merchant_api_key': k.betaApiKey, 'x-api-key': k.apiKey, 'content-type': 'application/json' }, body: body });
    console.log(r.status, (await r.text()).slice(0, 300));
  }
  await gw.stop();
})();
