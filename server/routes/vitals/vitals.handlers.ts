/**
 * Handlers of the field vitals (issue #30). A beacon costs the API next to nothing, a bad one
 * less: the per-client limit is checked first (429), then the size (413 past
 * {@link VITALS_BEACON_MAX_BYTES}, from Content-Length before the body is read), the type (415)
 * and the schema (400, Russian message); only a valid beacon touches the sample.
 */
import { VITALS_BEACON_MAX_BYTES, VitalsBeacon } from '@/lib/api/contract/vitals';
import { ApiHttpError, parseOr400 } from '../../http';
import { limitPerClient } from '../../services/rate-limit';
import { assertOperator } from '../operator/operator.handlers';
import type * as r from './vitals.routes';
import type { FieldVitals } from '../../services/field-vitals';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

const TOO_LARGE = `Слишком большой замер: не более ${VITALS_BEACON_MAX_BYTES} байт`;

/** POST /api/v1/vitals/ {page, lcp?, inp?, cls?, ttfb?}: adds a page view's vitals; 204. */
export const postVitals =
  (store: FieldVitals): Handler<typeof r.postVitals> =>
  async (c) => {
    await limitPerClient(c, 'vitals');
    if (Number(c.req.header('content-length') ?? 0) > VITALS_BEACON_MAX_BYTES) throw new ApiHttpError(413, TOO_LARGE);
    if (!(c.req.header('content-type') ?? '').includes('json'))
      throw new ApiHttpError(415, 'Тело запроса должно быть в формате JSON');
    const text = await c.req.text();
    // A chunked body has no Content-Length: its length is checked once read.
    if (Buffer.byteLength(text) > VITALS_BEACON_MAX_BYTES) throw new ApiHttpError(413, TOO_LARGE);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiHttpError(400, 'Некорректный JSON в теле запроса');
    }
    store.add(parseOr400(VitalsBeacon, json, 'Замер не принят'));
    return c.body(null, 204);
  };

/** GET /api/v1/operator/vitals/ (Bearer OPERATOR_TOKEN): the p75 per page type. */
export const vitalsReport =
  (store: FieldVitals): Handler<typeof r.vitalsReport> =>
  async (c) => {
    assertOperator(c);
    return c.json(store.report(), 200);
  };
