import type { RequestHandler } from 'express';
import { routeOfRequest } from '../metrics';
import { runInContext, SpanKind, SpanStatusCode, startSpan, traceContextOf, tracingIsOn } from '../tracing';
import type { RouteTable } from './route-table';

/**
 * A server span per request, continuing the caller's trace (`traceparent`) and active for every handler
 * after it: the commands a request sends carry its trace on to the services that handle them. Named by
 * method and route template once answered; a 5xx marks it failed.
 */
export function requestSpans(routes?: RouteTable): RequestHandler {
  return (req, res, next) => {
    if (!tracingIsOn()) return next();
    const route = routeOfRequest(req, routes);
    const { span, context } = startSpan(req.method, {
      kind: SpanKind.SERVER,
      parent: traceContextOf(req.headers),
      attributes: { 'http.request.method': req.method, 'url.path': req.path },
    });
    res.once('close', () => {
      span.updateName(`${req.method} ${route()}`);
      span.setAttribute('http.route', route());
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    runInContext(context, next);
  };
}
