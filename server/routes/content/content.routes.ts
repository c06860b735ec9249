/** Content endpoints: organization and SEO (spec §7 Content), one declaration per route (routes/openapi.ts). */
import { Organization, SeoQuery, SeoRecord } from '@/lib/api/contract/content';
import { DeliveryTermsResponse } from '@/lib/api/contract/delivery-terms';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './content.handlers';
import type { ApiApp } from '../../types';

const route = routeGroup({ tags: ['Контент'] });

export const showOrganization = route.get(
  '/api/v1/organization',
  {},
  jsonResponses(Organization, 'Данные организации', [404]),
);
export const showSeo = route.get(
  '/api/v1/get_seo/',
  { query: SeoQuery },
  jsonResponses(SeoRecord, 'SEO-запись страницы'),
);
export const showDeliveryTerms = route.get(
  '/api/v1/delivery_terms/',
  {},
  jsonResponses(
    DeliveryTermsResponse,
    'Условия доставки и оплаты: настройки доставки, магазины, кто считает стоимость (issue #34)',
  ),
);

/** Registers the content routes. */
export function registerContentRoutes(app: ApiApp) {
  openapiRoute(app, showOrganization, h.showOrganization);
  openapiRoute(app, showSeo, h.showSeo);
  openapiRoute(app, showDeliveryTerms, h.showDeliveryTerms);
}
