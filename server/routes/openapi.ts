/**
 * One declaration per route (issue #17 item 1): a `createRoute` config is both the OpenAPI entry
 * and the Hono route, its params and query validated by @hono/zod-openapi before the handler runs,
 * and the handler typed from it (`c.req.valid('query')`). A failed validation answers the
 * contract's Russian 400 (`{status:"error", message, errors}`, server/http.ts `badRequest`) through
 * the app's `defaultHook`.
 *
 * Two things the plain `app.openapi(route, handler)` cannot do here, hence this small adapter:
 * - the spec's paths end in "/" (`/api/v1/offers/{path}/`) and the app routes with
 *   `strict: false`, which strips that slash from requests, so the route is registered without
 *   it; a category or search path spans several segments, which needs Hono's `:path{.+}`;
 * - JSON bodies keep the project's reading (server/http.ts `readJson`: an empty body is `{}`, a
 *   non-JSON content type a Russian 415): the body is documented here and parsed by the handler.
 */
import { badRequest } from '../http';
import type { ApiApp, AppEnv } from '../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { z } from 'zod';

/** The app's `defaultHook`: a failed params/query validation throws the contract's 400. */
export function russianHook(what?: string) {
  return (result: { success: true } | { success: false; error: z.ZodError }) => {
    if (!result.success) throw badRequest(result.error, what);
  };
}

/** How a declared route is routed, when it differs from its documented path. */
export interface RouteOptions {
  /** Hono path, e.g. `/api/v1/offers/:path{.+}`; default: the documented path without its final "/". */
  routing?: string;
  /** Prefix of the 400 message (default "Некорректный запрос"). */
  what?: string;
  /** More Hono paths routed to the same handler and validation, not documented (old clients' spellings). */
  aliases?: string[];
  /** false: params and query are documented only, never checked (a handler that answers any request the same). */
  validate?: false;
}

/**
 * Declares a route: documents `config` in the OpenAPI document as written and routes it to
 * `handler` after validating its params and query.
 */
export function openapiRoute<R extends RouteConfig>(
  app: ApiApp,
  config: R,
  handler: RouteHandler<R, AppEnv>,
  options: RouteOptions = {},
): void {
  app.openAPIRegistry.registerPath(config);
  const path = options.routing ?? (config.path.length > 1 ? config.path.replace(/\/$/, '') : config.path);
  const request = config.request && options.validate !== false ? { ...config.request, body: undefined } : undefined;
  const hook = options.what === undefined ? undefined : (russianHook(options.what) as never);
  for (const routing of [path, ...(options.aliases ?? [])]) {
    app.openapi({ ...config, path: routing, request, hide: true } as R, handler as never, hook);
  }
}
