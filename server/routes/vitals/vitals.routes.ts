/**
 * Field Core Web Vitals (issue #30, docs/lighthouse.md "Field data"): shoppers' browsers post one
 * beacon per page view after cookie consent; the operator reads the p75 per page type.
 */
import { ApiError } from '@/lib/api/contract/common';
import { VitalsBeacon, VitalsReport } from '@/lib/api/contract/vitals';
import { FieldVitals } from '../../services/field-vitals';
import { observeFieldVitals } from '../../services/metrics';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './vitals.handlers';
import type { ApiApp } from '../../types';

const error = { description: 'Ошибка', content: { 'application/json': { schema: ApiError } } };

export const postVitals = routeGroup({ tags: ['Скорость страниц'] }).post(
  '/api/v1/vitals/',
  { body: VitalsBeacon },
  { 204: { description: 'Замер принят' }, 400: error, 413: error, 415: error, 429: error },
  {
    description:
      'Один замер на просмотр страницы (navigator.sendBeacon), только после согласия на cookie: LCP, INP, CLS, TTFB библиотеки web-vitals. Тело не больше 512 байт.',
  },
);

export const vitalsReport = routeGroup({ tags: ['Оператор'], security: [{ Operator: [] }] }).get(
  '/api/v1/operator/vitals/',
  {},
  jsonResponses(VitalsReport, '75-й процентиль LCP, INP, CLS и TTFB посетителей по типам страниц', [401, 404]),
);

/** Registers the field vitals routes with their own in-memory sample (server/services/field-vitals.ts). */
export function registerVitalsRoutes(app: ApiApp, store = new FieldVitals()) {
  observeFieldVitals(store); // issue #31: their p75 on the metrics port (server/services/metrics.ts)
  openapiRoute(app, postVitals, h.postVitals(store));
  openapiRoute(app, vitalsReport, h.vitalsReport(store));
}
