import { Router, type Request, type Response } from 'express';
import type { LiveHub, OpenResult, StreamSink } from '../live/live-hub';
import { listView, paymentView, type LiveView } from '../live/live-views';
import { parsePaymentListQuery } from '../payments/payment-list';
import { signedInOf } from '@gw/dashboard-shell';

const PAYMENT_ID = /^[1-9]\d{0,15}$/;
/** Bytes a stream may have waiting for a slow reader before it is ended (it resumes on reconnection). */
const MAX_BACKLOG_BYTES = 1024 * 1024;

const REFUSALS: Record<Exclude<OpenResult, 'opened'>, { status: number; text: string }> = {
  'too-many-for-session': { status: 429, text: 'Too many pages of this session follow live updates.' },
  full: { status: 503, text: 'This instance follows as many pages as it can; retry later.' },
  closed: { status: 503, text: 'This instance is stopping; retry later.' },
};

/**
 * `GET /dashboard/live`: a page's server-sent events. The stream is the session's merchant's, and
 * the page names the merchant it shows: when an operator has switched merchants since, the stream is
 * refused rather than mixing two merchants on one page. EventSource gives up on any answer but 200,
 * so a refusal stops the page's updates; the page still shows what it was served.
 */
export function liveRoutes(hub: LiveHub): Router {
  const router = Router();
  router.get('/dashboard/live', (req, res) => {
    const { sessionId, merchant } = signedInOf(res);
    const query = req.query as Record<string, unknown>;
    if (merchant === null || query.merchant !== merchant.merchantId) {
      return refuse(res, 409, 'This page shows another merchant than the session; reload it.');
    }
    const view = viewOf(merchant.merchantId, query);
    if (view === null) return refuse(res, 400, 'The page asked for updates of nothing it shows.');
    // The hub writes nothing when it refuses, so these headers go out with its first write only.
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store, no-transform');
    res.setHeader('X-Accel-Buffering', 'no');
    const opened = hub.open(sessionId, view, sinkOf(req, res), {
      lastEventId: textOf(req.get('last-event-id')),
      since: textOf(query.since),
    });
    if (opened !== 'opened') {
      req.log.info({ refusal: opened }, 'live stream refused');
      res.removeHeader('X-Accel-Buffering');
      refuse(res, REFUSALS[opened].status, REFUSALS[opened].text);
    }
  });
  return router;
}

function viewOf(merchantId: string, query: Record<string, unknown>): LiveView | null {
  if (query.view === 'payment') {
    const paymentId = textOf(query.payment_id);
    return paymentId !== null && PAYMENT_ID.test(paymentId)
      ? paymentView(merchantId, Number(paymentId))
      : null;
  }
  if (query.view === 'payments') {
    const { query: listQuery, problems } = parsePaymentListQuery(query);
    return problems.length === 0 ? listView(merchantId, listQuery) : null;
  }
  return null;
}

function sinkOf(req: Request, res: Response): StreamSink {
  // The HTTP server allows half-closed requests (a client may stop sending and still read), so a
  // browser that went away is only seen at the next write. An event stream's client never sends
  // after its request: the end of its side is the end of the stream.
  const socket = req.socket;
  const clientGone = () => res.end();
  socket.once('end', clientGone);
  res.once('close', () => socket.off('end', clientGone));
  return {
    write: (chunk) => {
      if (res.writableEnded || res.destroyed) return false;
      res.write(chunk);
      return res.writableLength <= MAX_BACKLOG_BYTES;
    },
    end: () => {
      if (!res.writableEnded) res.end();
    },
    onClose: (listener) => {
      res.once('close', listener);
    },
  };
}

function refuse(res: Response, status: number, text: string): void {
  res.status(status).type('text/plain').send(text);
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
