import type { Router } from 'express';

export interface RouteEntry {
  method: string;
  /** Full path as express matches it, with `:name` parameters, e.g. `/v1/payment/:paymentId`. */
  path: string;
}

interface Layer {
  name: string;
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  regexp: RegExp & { fast_slash?: boolean };
}

/** Every route mounted in an express 4 router, nested routers included, in registration order. */
export function routesOf(router: Router, prefix = ''): RouteEntry[] {
  return (router.stack as unknown as Layer[]).flatMap((layer) => {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      return Object.keys(layer.route.methods).flatMap((method) =>
        paths.map((path) => ({ method: method.toUpperCase(), path: prefix + path })),
      );
    }
    if (layer.name === 'router' && layer.handle.stack) {
      return routesOf(layer.handle as unknown as Router, prefix + mountPathOf(layer));
    }
    return [];
  });
}

/** The path a nested router was mounted at, read back from the regexp express 4 compiled for it. */
function mountPathOf(layer: Layer): string {
  if (layer.regexp.fast_slash) return '';
  const mounted = /^\^(.*)\\\/\?\(\?=\\\/\|\$\)$/.exec(layer.regexp.source);
  if (!mounted || /[()[\]*+?]/.test(mounted[1]!.replace(/\\\//g, '')))
    throw new Error(`cannot read the mount path of ${String(layer.regexp)}`);
  return mounted[1]!.replace(/\\\//g, '/').replace(/\\\./g, '.').replace(/\\-/g, '-');
}

/**
 * Finds the route template a request's method and path fall under, for requests refused before express
 * matched a route (an admin token checked by `router.use`): their metrics name the endpoint, not
 * `<unmatched>`.
 */
export class RouteTable {
  private readonly patterns: { method: string; pattern: RegExp; template: string }[];

  constructor(routes: readonly RouteEntry[]) {
    this.patterns = routes.map(({ method, path }) => ({
      method,
      template: path,
      pattern: new RegExp(
        `^${path
          .split(/(:[A-Za-z0-9_]+)/)
          .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('')}/?$`,
      ),
    }));
  }

  templateOf(method: string, path: string): string | null {
    const wanted = method === 'HEAD' ? ['HEAD', 'GET'] : [method];
    return (
      this.patterns.find((route) => wanted.includes(route.method) && route.pattern.test(path))?.template ??
      null
    );
  }
}

/** `/v1/payment/:paymentId/` and `/v1/payment/{payment_id}` both become `/v1/payment/{}`. */
export function routeShape(path: string): string {
  return path.replace(/:[A-Za-z0-9_]+|\{[^}]+\}/g, '{}').replace(/(.)\/+$/, '$1');
}
