import { Router } from 'express';
import { DASHBOARD_SCRIPT } from '../assets';

const LONG_CACHE = 'public, max-age=31536000, immutable';

/** The live-updates script, before the session guard: a versioned URL, cached for good. */
export function assetRoutes(): Router {
  const router = Router();
  router.get('/dashboard/assets/dashboard.js', (req, res) => {
    res.setHeader('Cache-Control', req.query.v === DASHBOARD_SCRIPT.version ? LONG_CACHE : 'no-cache');
    res.type(DASHBOARD_SCRIPT.contentType).send(DASHBOARD_SCRIPT.body);
  });
  return router;
}
