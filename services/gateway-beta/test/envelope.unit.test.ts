import { MalformedJsonError, UnsupportedMediaTypeError } from '@gw/platform';
import { CommandTimeoutError } from '@gw/application';
import type { Request, Response } from 'express';
import pino from 'pino';
import { betaInvalidApiKey, betaMissingApiKey, betaUnknownEndpoint, invalidField } from '@gw/families';
import { betaErrorHandler, sendData } from '../src/http/envelope';

function fakeResponse() {
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
  return { answer, res };
}

function render(error: unknown) {
  const { answer, res } = fakeResponse();
  betaErrorHandler(pino({ level: 'silent' }))(
    error,
    { originalUrl: '/beta/v1/payment' } as Request,
    res,
    () => undefined,
  );
  return answer;
}

const envelope = (status: number, message: string, error: Record<string, string>) => ({
  data: {},
  message,
  error,
  status,
  version: '1.0.0',
});

describe('family B envelope', () => {
  it('wraps data with status 200, an empty error and the version', () => {
    const { answer, res } = fakeResponse();
    sendData(res, { track_id: '1' });
    expect(answer).toEqual({
      status: 200,
      body: {
        data: { track_id: '1' },
        message: 'Operation completed successfully!',
        error: {},
        status: 200,
        version: '1.0.0',
      },
    });
  });

  it.each([
    [
      'a field',
      invalidField({ key: 'lifetime', message: 'The lifetime field must be an integer.' }),
      400,
      'Validation failed.',
      { type: 'validation_error', key: 'lifetime', message: 'The lifetime field must be an integer.' },
    ],
    [
      'no key',
      betaMissingApiKey(),
      401,
      'Authentication failed.',
      {
        type: 'authentication_error',
        key: 'merchant_api_key',
        message: 'The merchant_api_key header is required.',
      },
    ],
    [
      'a wrong key',
      betaInvalidApiKey(),
      401,
      'Authentication failed.',
      { type: 'authentication_error', key: 'merchant_api_key', message: 'Invalid merchant API key.' },
    ],
    [
      'an unknown endpoint',
      betaUnknownEndpoint('GET /beta/v1/nope'),
      404,
      'Not found.',
      { type: 'not_found', key: 'endpoint', message: 'No such endpoint: GET /beta/v1/nope' },
    ],
    [
      'malformed JSON',
      new MalformedJsonError('Unexpected end'),
      400,
      'Validation failed.',
      { type: 'validation_error', key: 'body', message: 'Malformed JSON body: Unexpected end' },
    ],
    [
      'another media type',
      new UnsupportedMediaTypeError('send JSON'),
      415,
      'Validation failed.',
      { type: 'validation_error', key: 'body', message: 'send JSON' },
    ],
    [
      'payments not answering',
      new CommandTimeoutError('late'),
      503,
      'Service temporarily unavailable.',
      {
        type: 'service_unavailable',
        key: 'payments',
        message: 'Payments did not answer in time; try again.',
      },
    ],
    [
      'anything else',
      new Error('boom'),
      500,
      'Internal server error.',
      { type: 'server_error', key: 'server', message: 'Internal server error.' },
    ],
  ])('answers %s with the HTTP status mirrored in the body', (_case, error, status, message, detail) => {
    expect(render(error)).toEqual({ status, body: envelope(status, message, detail) });
  });
});
