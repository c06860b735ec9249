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
 *
 * `routeGroup` writes the repeated createRoute shape once (tags, security, JSON body, responses).
 */
import { createRoute, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import { badRequest } from '../http';
import { jsonBody } from './docs';
import type { ApiApp, AppEnv } from '../types';
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

type Method = RouteConfig['method'];
type RequestParts = Omit<NonNullable<RouteConfig['request']>, 'body'>;
/** What a route adds to its group: `body` is a JSON body schema (documented; the handler reads it, see above). */
type RouteSpec<R extends RequestParts> = R & { body?: z.ZodType };
/** Operation fields beyond the request and responses. */
type RouteExtra = Pick<RouteConfig, 'summary' | 'description' | 'deprecated'>;

/**
 * A group of routes sharing tags (and security): `group.post(path, {body, params, query}, responses)`
 * is the `createRoute` config of one route, typed from its path and request parts, so each route
 * of a `*.routes.ts` is a line or two. `responses` is usually docs.ts `jsonResponses(...)`; an
 * optional last argument adds the operation's summary, description or deprecation.
 */
export function routeGroup(common: Pick<RouteConfig, 'tags' | 'security'>) {
  const declare =
    <const M extends Method>(method: M) =>
    <const P extends string, const R extends RequestParts = Record<never, never>>(
      path: P,
      spec: RouteSpec<R>,
      responses: RouteConfig['responses'],
      extra: RouteExtra = {},
    ) => {
      const { body, ...parts } = spec;
      return createRoute({
        method,
        path,
        ...common,
        ...extra,
        request: { ...parts, ...(body ? jsonBody(body) : {}) } as Omit<R, 'body'>,
        responses,
      });
    };
  return { get: declare('get'), post: declare('post'), put: declare('put'), delete: declare('delete') };
}
