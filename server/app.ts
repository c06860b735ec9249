/**
 * The shop API application (DESIGN.md "Two applications, one contract"): every endpoint of spec §7
 * that is built so far, under /api/v1 and /api/v2, plus generated product images under /media, the
 * OpenAPI document at /api/openapi.json and its reference page at /api/docs.
 *
 * Trailing slashes are optional (`strict: false`): the spec writes `/v2/cart/`, clients may not.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { contextStorage } from 'hono/context-storage';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { ApiHttpError, errorResponse, isDataException } from './http';
import { loadShed, type LoadShedOptions } from './load-shed';
import { registerAddressRoutes } from './routes/addresses/addresses.routes';
import { registerAdminRoutes } from './routes/admin/admin.routes';
import { isAdminMediaUpload } from './routes/admin/content/content.routes';
import { registerApiReference } from './routes/api-reference';
import { registerAuthRoutes } from './routes/auth/auth.routes';
import { registerCartRoutes } from './routes/cart/cart.routes';
import { registerCatalogRoutes } from './routes/catalog/catalog.routes';
import { registerCheckoutRoutes } from './routes/checkout/checkout.routes';
import { registerContentRoutes } from './routes/content/content.routes';
import { createExchangeRoutes } from './routes/exchange/exchange.routes';
import { registerFacetsRoutes } from './routes/facets/facets.routes';
import { registerFavoriteRoutes } from './routes/favorites/favorites.routes';
import { registerFeedbackRoutes } from './routes/feedback/feedback.routes';
import { registerFeedsRoutes } from './routes/feeds/feeds.routes';
import { registerHealthRoutes } from './routes/health/health.routes';
import { registerLandingRoutes } from './routes/landing/landing.routes';
import { registerLocationRoutes } from './routes/locations/locations.routes';
import { mediaRoutes } from './routes/media/media.routes';
import { registerNoticeRoutes } from './routes/notices/notices.routes';
import { russianHook } from './routes/openapi';
import { registerBackupRoute } from './routes/operator/backup.routes';
import { registerOperatorRoutes } from './routes/operator/operator.routes';
import { registerOrderHistoryRoutes } from './routes/orders/orders.routes';
import { registerPaymentRoutes } from './routes/payments/payments.routes';
import { registerPickupPointRoutes } from './routes/pickup-points/pickup-points.routes';
import { registerPublicationRoutes } from './routes/publications/publications.routes';
import { isReviewPhotoUpload, registerReviewRoutes } from './routes/reviews/reviews.routes';
import { registerStockRoutes } from './routes/stock/stock.routes';
import { registerVitalsRoutes } from './routes/vitals/vitals.routes';
import { logError } from './services/log';
import { httpMetrics, observeLoadGate } from './services/metrics';
import { responseCache } from './services/response-cache';
import { createThrottle } from './services/throttle';
import type { Db } from './db/client';
import type { Redis } from './services/redis';
import type { AppEnv } from './types';

/** Largest accepted request body, bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Options of `createApp`. */
export type AppOptions = {
  /** Lifetime of cached public catalogue answers, ms (server/services/response-cache.ts); 0 (default) = no cache. */
  cacheTtlMs?: number;
  /** Sizes of the load-shedding gate (server/load-shed.ts); default: configureLoadShed's. */
  loadShed?: Partial<LoadShedOptions>;
  /** Issue #16: throttles, rate limits and the response cache shared with other instances; absent: in memory. */
  redis?: Redis | null;
};

/** Builds the API on a database (tests pass an in-memory PGlite). */
export function createApp(db: Db, options: AppOptions = {}) {
  // defaultHook: a params/query validation failure answers the contract's Russian 400 (routes/openapi.ts).
  const app = new OpenAPIHono<AppEnv>({ strict: false, defaultHook: russianHook() });

  const throttle = createThrottle(options.redis);
  // Issue #31: requests by route pattern and status, first so it times everything after it.
  app.use('*', httpMetrics());
  // Issue #12: answers are never sniffed as another type nor framed; no Referer leaves the API.
  // HSTS and CSP belong to the public origin (next.config.ts); /api/docs sets its own CSP.
  app.use(
    '*',
    secureHeaders({
      xFrameOptions: 'DENY',
      referrerPolicy: 'no-referrer',
      strictTransportSecurity: false,
      crossOriginResourcePolicy: false,
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
      xDnsPrefetchControl: false,
    }),
  );
  // Issue #29: services reach the request being handled (the consent evidence of an order).
  app.use('*', contextStorage());
  app.use('*', async (c, next) => {
    c.set('db', db);
    c.set('throttle', throttle);
    await next();
  });
  const apiBodyLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => errorResponse(c, 413, 'Слишком большой запрос: не более 64 КБ'),
  });
  // Issue #33: a review photo (up to 1 MB) has its own limit, server/routes/reviews.
  // Issue #32: a console picture upload (up to 10 MB) too, server/routes/admin/content.
  app.use('/api/*', (c, next) =>
    isReviewPhotoUpload(c.req.path) || isAdminMediaUpload(c.req.path) ? next() : apiBodyLimit(c, next),
  );

  app.use('/api/*', responseCache({ ttlMs: options.cacheTtlMs ?? 0, redis: options.redis }));
  // Issue #31: liveness and readiness, before the gate (a saturated API is alive and ready).
  registerHealthRoutes(app, db);
  const shed = loadShed(options.loadShed);
  observeLoadGate(shed.gate); // issue #31: its queue and sheds on the metrics port
  app.use('*', shed); // issue #12: bounded concurrency, fast 503 (server/load-shed.ts)

  registerContentRoutes(app);
  registerCatalogRoutes(app);
  registerFacetsRoutes(app);
  registerLandingRoutes(app);
  registerCartRoutes(app);
  registerPublicationRoutes(app);
  registerFeedbackRoutes(app);
  registerAuthRoutes(app);
  registerAddressRoutes(app);
  registerLocationRoutes(app);
  registerOrderHistoryRoutes(app);
  registerFavoriteRoutes(app);
  registerCheckoutRoutes(app);
  registerPaymentRoutes(app); // issue #29: provider notifications (server/routes/payments)
  registerOperatorRoutes(app); // issue #29: cancel and refund until the operator console
  registerBackupRoute(app); // issue #31: a consistent copy of the embedded database (npm run backup)
  registerStockRoutes(app);
  registerPickupPointRoutes(app);
  registerFeedsRoutes(app);
  registerVitalsRoutes(app); // issue #30: field Core Web Vitals (server/routes/vitals)
  registerReviewRoutes(app); // issue #33: reviews with fit (server/routes/reviews)
  registerNoticeRoutes(app); // issue #33: back in stock, price drop, one click (server/routes/notices)
  registerAdminRoutes(app); // issue #32: the operator console's API (server/routes/admin)
  app.route('/media', mediaRoutes);
  app.route('/', createExchangeRoutes()); // issue #15: /1c_exchange and /media/import (server/routes/exchange)

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Shop API',
      version: '1.0.0',
      description: 'Встроенная реализация API магазина (spec §7). Ошибки: {status:"error", message}.',
    },
  });
  registerApiReference(app);

  app.notFound((c) => errorResponse(c, 404, 'Не найдено'));
  app.onError((err, c) => {
    if (err instanceof ApiHttpError) return errorResponse(c, err.status, err.message, err.errors);
    if (err instanceof HTTPException) {
      const status = err.status;
      if (status === 413) return errorResponse(c, 413, 'Слишком большой запрос');
      if (status < 500) return errorResponse(c, status as 400, 'Некорректный запрос');
    }
    if (isDataException(err)) {
      // Bad input the contract missed (issue #12 item 10): still the client's fault, so a 400; logged,
      // so the fuzz suite (server/fuzz) sees the gap in the contract.
      logError('shop-api', `${c.req.method} ${c.req.routePath} data exception`, err);
      return errorResponse(c, 400, 'Некорректные данные запроса');
    }
    // Issue #12: the route pattern, never the path's or query's values nor the error's message.
    logError('shop-api', `${c.req.method} ${c.req.routePath}`, err);
    return errorResponse(c, 500, 'Внутренняя ошибка сервера');
  });
  return app;
}

export type ShopApi = ReturnType<typeof createApp>;
