import type { Request } from 'express';

/**
 * Who a request comes from, looked up once per request however many middlewares ask: the rate limiter
 * and the authentication both need the caller's merchant, and each asking the directory on its own cost
 * every request two cache gets and two reads of the merchant (and for a signed family A request two
 * decryptions of the payment key and two HMACs over the body). Held for that request only: a key revoked
 * or rotated is refused from the next request on, exactly as before. A lookup that fails is not kept, so
 * the next middleware asks again.
 */
export function callerLookup<Caller>(
  lookup: (req: Request) => Promise<Caller>,
): (req: Request) => Promise<Caller> {
  const looked = new WeakMap<Request, Promise<Caller>>();
  return (req) => {
    let caller = looked.get(req);
    if (!caller) {
      caller = lookup(req);
      looked.set(req, caller);
      caller.catch(() => looked.delete(req));
    }
    return caller;
  };
}
