import type { Request, Response } from 'express';
import pino from 'pino';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '@gw/platform';
import { CommandTimeoutError, MerchantCommandError } from '@gw/application';
import { AdminError, adminErrorHandler, commandRefused, statusOfDomainCode } from '../src/admin-errors';

function render(error: unknown): { status: number; body: unknown; logged: number } {
  let logged = 0;
  const logger = pino({ level: 'silent' });
  const log = { error: () => (logged += 1) } as unknown as Request['log'];
  const captured = { status: 0, body: undefined as unknown };
  const res = {
    headersSent: false,
    status(code: number) {
      captured.status = code;
      return this;
    },
    json(body: unknown) {
      captured.body = body;
      return this;
    },
  } as unknown as Response;
  adminErrorHandler(logger)(error, { log } as Request, res, () => undefined);
  return { ...captured, logged };
}

describe('admin error mapping', () => {
  it.each([
    ['INVALID_AMOUNT', 400],
    ['INVALID_MERCHANT', 400],
    ['INVALID_SUBSCRIPTION', 400],
    ['NOT_FOUND', 404],
    ['STREAM_ALREADY_EXISTS', 409],
    ['INVALID_TRANSITION', 409],
    ['PAYMENT_NOT_PAYABLE', 409],
    ['INTERNAL', 500],
    ['SOMETHING_NEW', 500],
  ])('a refused command with %s answers %i', (code, status) => {
    expect(statusOfDomainCode(code)).toBe(status);
  });

  it('keeps the domain message for client errors and hides it for internal ones', () => {
    expect(
      commandRefused({
        code: 'INVALID_TRANSITION',
        message: 'a cancelled subscription cannot become active',
      }),
    ).toMatchObject({
      status: 409,
      message: 'a cancelled subscription cannot become active',
    });
    expect(commandRefused({ code: 'INTERNAL', message: 'mongo exploded at 10.0.0.3' }).message).not.toContain(
      'mongo',
    );
  });

  it('renders every failure as {statusCode, error, message}', () => {
    expect(render(new AdminError(404, 'merchant not found'))).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'merchant not found' },
      logged: 0,
    });
    expect(render(new MerchantCommandError('NOT_FOUND', 'merchant not found')).body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'merchant not found',
    });
    expect(render(new PayloadTooLargeError(1024)).body).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Request body exceeds 1024 bytes',
    });
    expect(render(new UnsupportedMediaTypeError('send application/json')).status).toBe(415);
  });

  it('answers 503 when payments does not reply in time', () => {
    expect(
      render(new CommandTimeoutError('payments did not answer CreateMerchant within 10 ms')),
    ).toMatchObject({
      status: 503,
      body: { statusCode: 503, error: 'Service Unavailable' },
    });
  });

  it('logs an unexpected error and tells the client nothing about it', () => {
    const rendered = render(new Error('secret detail'));
    expect(rendered).toEqual({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' },
      logged: 1,
    });
  });
});
