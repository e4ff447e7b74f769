import type { Request } from 'express';

/** One cookie of the request, or null when the browser sent none of that name. */
export function cookieValue(req: Request, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return null;
}

/**
 * A form post came from one of our own pages, as far as the browser says: when it names an origin, that
 * origin is this host or the public base URL's. A browser that names none passes; the form's token is
 * what really decides.
 */
export function isSameOriginPost(req: Request, publicBaseUrl: string): boolean {
  const origin = req.get('origin');
  if (origin === undefined) return true;
  const host = hostOf(origin);
  return host !== null && (host === req.get('host') || host === hostOf(publicBaseUrl));
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
