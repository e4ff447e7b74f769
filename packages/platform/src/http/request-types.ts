import type { Logger } from 'pino';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by the requestId middleware. */
      id: string;
      /** Child logger carrying the request id; set by the requestId middleware. */
      log: Logger;
      /** Exact body bytes as received (after content decoding); set by the body parsers. */
      rawBody?: Buffer;
    }
  }
}

declare module 'http' {
  interface IncomingMessage {
    /** The request-target exactly as received, before an absolute-form target was rewritten to its path. */
    requestTarget?: string;
  }
}

export {};
