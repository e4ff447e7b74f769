import { MalformedJsonError, PayloadTooLargeError } from '@gw/platform';
import { CommandTimeoutError } from '@gw/application';
import type { Request, Response } from 'express';
import pino from 'pino';
import { invalidSign, paymentNotFound, validationFailed } from '@gw/families';
import { alphaErrorHandler } from '../src/http/responses';

function render(error: unknown): { status: number; body: unknown } {
  const answer = { status: 0, body: undefined as unknown };
  const res = {
    headersSent: false,
    status(code: number) {
      answer.status = code;
      return this;
    },
    json(body: unknown) {
      answer.body = body;
      return this;
    },
  } as unknown as Response;
  alphaErrorHandler(pino({ level: 'silent' }))(
    error,
    { originalUrl: '/alpha/v1/payment' } as Request,
    res,
    () => undefined,
  );
  return answer;
}

describe('family A error handler', () => {
  it.each([
    ['a bad signature', invalidSign(), 401, { message: 'Invalid Sign.' }],
    ['a missing payment', paymentNotFound(), 404, { state: 1, message: 'Payment not found' }],
    [
      'a validation failure',
      validationFailed({
        amount: ['validation.required'],
        lifetime: ['validation.min.numeric', 'validation.integer'],
      }),
      422,
      {
        state: 1,
        message:
          'Validation error: amount (validation.required); lifetime (validation.min.numeric, validation.integer)',
        errors: {
          amount: ['validation.required'],
          lifetime: ['validation.min.numeric', 'validation.integer'],
        },
      },
    ],
    [
      'malformed JSON',
      new MalformedJsonError('Unexpected end'),
      400,
      { state: 1, message: 'Malformed JSON body: Unexpected end' },
    ],
    [
      'a body too large',
      new PayloadTooLargeError(1024),
      413,
      { state: 1, message: 'Request body exceeds 1024 bytes' },
    ],
    [
      'payments not answering',
      new CommandTimeoutError('late'),
      503,
      { state: 1, message: 'Service temporarily unavailable, try again' },
    ],
    ['anything else', new Error('boom'), 500, { state: 1, message: 'Internal server error' }],
  ])('answers %s', (_case, error, status, body) => {
    expect(render(error)).toEqual({ status, body });
  });
});
