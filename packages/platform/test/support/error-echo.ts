import type { ErrorRequestHandler } from 'express';
import { isHttpError } from '../../src';

/** Stands in for a family's error handler: renders typed HTTP errors so tests can assert on them. */
export const echoHttpErrors: ErrorRequestHandler = (error, _req, res, _next) => {
  if (isHttpError(error)) {
    res.status(error.status).json({ name: error.name, code: error.code, message: error.message });
    return;
  }
  res.status(500).json({ name: 'unexpected', message: String(error) });
};
