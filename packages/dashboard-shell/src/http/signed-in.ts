import { isSameOriginPost, timingSafeEqualStr } from '@gw/platform';
import type { MerchantDirectory, ServiceContext } from '@gw/application';
import { COLLECTIONS, type MerchantDocument } from '@gw/views';
import type { Request, RequestHandler, Response } from 'express';
import { keyStillOpens, type DashboardSession, type DashboardSessions } from '../session/dashboard-session';
import { clearSessionCookie, sessionIdOf } from '../session/session-cookie';
import type { Chrome, Section } from '../views/layout';
import { renderMessagePage } from '../views/message-page';

const SWITCHER_SIZE = 500;

/** The signed-in visitor of a request, as the session guard found it. */
export interface SignedIn {
  sessionId: string;
  session: DashboardSession;
  /** The merchant whose data this request may show; null while the operator has picked none. */
  merchant: MerchantDocument | null;
  chrome(current: Section | null): Chrome;
}

export class NoMerchantChosenError extends Error {
  override readonly name = 'NoMerchantChosenError';
}

export const signedInOf = (res: Response): SignedIn => res.locals.signedIn as SignedIn;

/** The merchant of the request: every read and write of a page is scoped to it, never to a URL's id. */
export function merchantOf(res: Response): MerchantDocument {
  const { merchant } = signedInOf(res);
  if (merchant === null) throw new NoMerchantChosenError('choose a merchant first');
  return merchant;
}

/**
 * Every page past the sign-in: without a live session, or with a merchant's session whose API key has
 * since been rotated, back to the sign-in form; with one, a post must carry the session's CSRF token
 * and, when the browser names an origin, come from ours.
 */
export function requireSession(
  ctx: ServiceContext,
  sessions: DashboardSessions,
  directory: MerchantDirectory,
): RequestHandler {
  const merchants = () => ctx.readModels.collection<MerchantDocument>(COLLECTIONS.merchants);
  return (req, res, next) => {
    void (async () => {
      const sessionId = sessionIdOf(req);
      const session = await sessions.find(sessionId);
      if (!session || !sessionId) return res.redirect(303, '/dashboard/sign-in');
      if (req.method === 'POST' && !isGenuineForm(req, session, ctx.config.baseUrl)) {
        return res
          .status(403)
          .type('html')
          .send(renderMessagePage('This form has expired', 'Reload the page and submit the form again.'));
      }
      const merchant = session.merchantId === null ? null : await directory.byId(session.merchantId);
      if (!keyStillOpens(session.principal, merchant)) {
        await sessions.end(sessionId);
        clearSessionCookie(req, res, ctx.config.baseUrl);
        return res.redirect(303, '/dashboard/sign-in');
      }
      const switcher =
        session.principal.kind === 'admin'
          ? (await merchants().find({ filter: {}, sort: [['createdAt', 1]], limit: SWITCHER_SIZE })).map(
              ({ merchantId, name }) => ({ merchantId, name }),
            )
          : null;
      const signedIn: SignedIn = {
        sessionId,
        session,
        merchant,
        chrome: (current) => ({
          csrfToken: session.csrfToken,
          merchantName: merchant?.name ?? null,
          switcher,
          selectedMerchantId: merchant?.merchantId ?? null,
          current,
        }),
      };
      res.locals.signedIn = signedIn;
      next();
    })().catch(next);
  };
}

function isGenuineForm(req: Request, session: DashboardSession, baseUrl: string): boolean {
  const submitted = (req.body as Record<string, unknown> | undefined)?.csrf;
  return (
    typeof submitted === 'string' &&
    timingSafeEqualStr(submitted, session.csrfToken) &&
    isSameOriginPost(req, baseUrl)
  );
}
