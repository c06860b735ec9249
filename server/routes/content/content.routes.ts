/** Content endpoints: organization and SEO (spec §7 Content), one declaration per route (routes/openapi.ts). */
import { createRoute } from '@hono/zod-openapi';
import { Organization, SeoQuery, SeoRecord } from '@/lib/api/contract/content';
import { jsonResponses } from '../docs';
import { openapiRoute } from '../openapi';
import * as h from './content.handlers';
import type { ApiApp } from '../../types';

const tags = ['Контент'];

export const showOrganization = createRoute({
  method: 'get',
  path: '/api/v1/organization',
  tags,
  responses: jsonResponses(Organization, 'Данные организации', [404]),
});
export const showSeo = createRoute({
  method: 'get',
  path: '/api/v1/get_seo/',
  tags,
  request: { query: SeoQuery },
  responses: jsonResponses(SeoRecord, 'SEO-запись страницы'),
});

/** Registers the content routes. */
export function registerContentRoutes(app: ApiApp) {
  openapiRoute(app, showOrganization, h.showOrganization);
  openapiRoute(app, showSeo, h.showSeo);
}
