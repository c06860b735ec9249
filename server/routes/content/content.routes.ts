/** Content endpoints: organization and SEO (spec §7 Content), documented in OpenAPI. */
import { Organization, SeoQuery, SeoRecord } from '@/lib/api/contract/content';
import { jsonResponses } from '../docs';
import * as h from './content.handlers';
import type { ApiApp } from '../../types';

/** Registers the content routes. */
export function registerContentRoutes(app: ApiApp) {
  const r = app.openAPIRegistry;
  r.registerPath({
    method: 'get',
    path: '/api/v1/organization',
    tags: ['Контент'],
    responses: jsonResponses(Organization, 'Данные организации', [404]),
  });
  r.registerPath({
    method: 'get',
    path: '/api/v1/get_seo/',
    tags: ['Контент'],
    request: { query: SeoQuery },
    responses: jsonResponses(SeoRecord, 'SEO-запись страницы'),
  });
  app.get('/api/v1/organization', h.showOrganization);
  app.get('/api/v1/get_seo', h.showSeo);
}
