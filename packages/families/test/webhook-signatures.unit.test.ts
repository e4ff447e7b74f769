import { createHash } from 'node:crypto';
import {
  alphaSign,
  alphaWebhookBody,
  alphaWebhookSign,
  betaHmac,
  phpJsonEncode,
  v1IpnBody,
  v1IpnSignature,
} from '../src';
import {
  cryptomusPyVerifier,
  nowPaymentsDocVerifier,
  nowPaymentsRawBodyVerifier,
  oxaPayPhpVerifier,
} from '../src/testing';

describe('V1 (NOWPayments) IPN signature', () => {
  const vector = {
    payment_status: 'finished',
    payment_id: 5077125051,
    fee: { serviceFee: 0, currency: 'btc', depositFee: 0.0001 },
    order_id: 'A-1',
    actually_paid: 0.00001,
  };

  it('reproduces the reference test vector byte for byte', () => {
    const body = v1IpnBody(vector);
    expect(body).toBe(
      '{"actually_paid":0.00001,"fee":{"currency":"btc","depositFee":0.0001,"serviceFee":0},"order_id":"A-1","payment_id":5077125051,"payment_status":"finished"}',
    );
    expect(v1IpnSignature(body, 'ipn-secret-123')).toBe(
      'f9c05265609927d062f075cb3e7d1eba8ed96b8193a9fe3197c263d89719ea3c5151c8541d813d9d4f03814ff427186b5ed1d5e0d82ec52a0959c30ae86f76cc',
    );
  });

  it('is accepted by the documented re-sorting verifier and by a raw-body verifier, non-ASCII and slashes included', () => {
    const body = v1IpnBody({ ...vector, order_description: 'Café / naïve ✓', pay_address: 'https://x/y' });
    const signature = v1IpnSignature(body, 'ipn-secret-123');
    expect(nowPaymentsDocVerifier(body, signature, 'ipn-secret-123')).toBe(true);
    expect(nowPaymentsRawBodyVerifier(Buffer.from(body), signature, 'ipn-secret-123')).toBe(true);
    expect(nowPaymentsDocVerifier(body, signature, 'other-secret')).toBe(false);
  });
});

describe('family A (Cryptomus) webhook sign', () => {
  const vectorData = {
    type: 'payment',
    uuid: '8b03432e-0000-4000-8000-000000000001',
    order_id: 'A-1',
    amount: '10.00',
    payment_amount: '10.00',
    is_final: true,
    status: 'paid',
    additional_data: 'café/1',
  };

  it('reproduces the reference test vector', () => {
    expect(alphaWebhookSign(vectorData, 'api-key-123')).toBe('28057990863fcc7480ddf6fb83d20709');
  });

  it('encodes like PHP json_encode with JSON_UNESCAPED_UNICODE', () => {
    expect(phpJsonEncode({ a: 'https://x/y', b: 'é', c: 'line\u2028sep', d: '"q"\n' })).toBe(
      '{"a":"https:\\/\\/x\\/y","b":"é","c":"line\\u2028sep","d":"\\"q\\"\\n"}',
    );
  });

  it('puts sign last and is accepted by the pyCryptomusAPI recipe', () => {
    const body = alphaWebhookBody(vectorData, 'api-key-123');
    expect(Object.keys(JSON.parse(body) as object).pop()).toBe('sign');
    expect(body.endsWith('"sign":"28057990863fcc7480ddf6fb83d20709"}')).toBe(true);
    expect(cryptomusPyVerifier(body, 'api-key-123')).toBe(true);
    expect(cryptomusPyVerifier(body, 'another-key')).toBe(false);
  });

  it('signs requests over the raw bytes (reference request vector)', () => {
    const raw = Buffer.from(
      '{"amount":"10.00","currency":"USD","order_id":"A-1","url_callback":"https:\\/\\/shop.example\\/cb"}',
    );
    expect(alphaSign(raw, 'api-key-123')).toBe('862fac81d168c599e80d160f737df09d');
    expect(alphaSign(Buffer.alloc(0), 'api-key-123')).toBe(
      createHash('md5').update('api-key-123').digest('hex'),
    );
    expect(alphaSign(Buffer.alloc(0), 'api-key-123')).toBe('175122a2b903cb8d57010c9b50a0b962');
  });
});

describe('family B (OxaPay) HMAC header', () => {
  it('reproduces the reference test vector and passes the PHP SDK check', () => {
    const body = '{"track_id":"123456","status":"Paid","type":"invoice"}';
    const hmac = betaHmac(body, 'merchant-key-123');
    expect(hmac).toBe(
      '4b4711e654d0cfb76f3d5e666e336cb5d36a483dd1a2a0af0327a2728f5fe0196eb6af319fdac08b1a338a776ae98ddff306daf4688cc3617dd0c015c4d1fc59',
    );
    expect(oxaPayPhpVerifier(Buffer.from(body), { HMAC: hmac }, 'merchant-key-123')).toBe(true);
    expect(oxaPayPhpVerifier(Buffer.from(body), { hmac }, 'merchant-key-124')).toBe(false);
  });
});
