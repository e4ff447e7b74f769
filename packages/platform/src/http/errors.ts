/**
 * Transport-level failures raised by the shared HTTP helpers. They are passed to next() rather than
 * rendered, because each API family has its own error body; its single error handler maps `status`
 * and `code` into that shape.
 */
export class HttpError extends Error {
  /** Whether `message` is safe to show to the client. */
  readonly expose: boolean;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
    this.expose = status < 500;
  }
}

export class BadRequestError extends HttpError {
  constructor(message = 'Bad request', code = 'bad_request', options?: { cause?: unknown }) {
    super(400, code, message, options);
  }
}

export class MalformedJsonError extends BadRequestError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`Malformed JSON body: ${detail}`, 'malformed_json', options);
  }
}

export class JsonTooDeepError extends BadRequestError {
  constructor(readonly maxDepth: number) {
    super(`JSON body is nested deeper than ${maxDepth} levels`, 'json_too_deep');
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(
    readonly limitBytes: number,
    options?: { cause?: unknown },
  ) {
    super(413, 'payload_too_large', `Request body exceeds ${limitBytes} bytes`, options);
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(415, 'unsupported_media_type', message, options);
  }
}

/** A path whose percent-encoding does not decode (`/v1/payment/%ZZ`): the client's mistake, not ours. */
export class MalformedPathError extends BadRequestError {
  constructor(options?: { cause?: unknown }) {
    super('The request path has a malformed percent-encoding', 'malformed_path', options);
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/**
 * The transport-level failure `error` stands for, or null: our own HttpErrors, and the URIError
 * express raises (marked status 400) when a path parameter does not percent-decode. Every error
 * handler asks this, so a malformed path is a 400 in its family's shape, never a 500.
 */
export function httpErrorOf(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (error instanceof URIError && (error as URIError & { status?: unknown }).status === 400)
    return new MalformedPathError({ cause: error });
  return null;
}
