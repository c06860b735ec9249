/** Catalogue endpoints (spec §7 Catalogue and the catalogue parts of Content), one declaration per route (routes/openapi.ts). */
import { z } from 'zod';
import {
  Brand,
  Category,
  CategoryListItem,
  CategoryQuery,
  Color,
  OffersListBody,
  OffersListResponse,
  OffersPage,
  OffersQuery,
  PreviewCategory,
  ProductDetail,
  ProductOfferQuery,
  SearchPage,
  SearchQuery,
} from '@/lib/api/contract/catalog';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import * as h from './catalog.handlers';
import type { ApiApp } from '../../types';

const route = routeGroup({ tags: ['Каталог'] });
const pathParam = z.object({ path: z.string() });
const list = (schema: z.ZodType, description: string) => jsonResponses(z.array(schema), description, []);

export const previewCategories = route.get('/api/v1/preview_category/', {}, list(PreviewCategory, 'Разделы для меню'));
export const categories = route.get('/api/v1/categories', {}, list(CategoryListItem, 'Все категории'));
export const brands = route.get('/api/v1/brands', {}, list(Brand, 'Бренды'));
export const colors = route.get('/api/v1/color', {}, list(Color, 'Цвета'));
export const category = route.get(
  '/api/v1/category/{path}',
  { params: pathParam, query: CategoryQuery },
  jsonResponses(Category, 'Категория'),
);
export const offersAll = route.get(
  '/api/v1/offers/',
  { query: OffersQuery },
  jsonResponses(OffersPage, 'Товары всего каталога'),
);
export const offers = route.get(
  '/api/v1/offers/{path}/',
  { params: pathParam, query: OffersQuery },
  jsonResponses(OffersPage, 'Товары категории (путь может содержать «/»)'),
);
export const offersList = route.post(
  '/api/v1/offers_list/',
  { body: OffersListBody },
  jsonResponses(OffersListResponse, '64 товара распродажи или новинок', [400]),
);
export const productOffer = route.get(
  '/api/v1/product_offer/',
  { query: ProductOfferQuery },
  jsonResponses(ProductDetail, 'Карточка товара; full_path_offer — канонический адрес'),
);
export const search = route.get(
  '/api/v1/search/{query}/',
  { params: z.object({ query: z.string() }), query: SearchQuery },
  jsonResponses(SearchPage, 'Результаты поиска', [400]),
);

/** Registers the catalogue routes under /api (a category or search path may span segments). */
export function registerCatalogRoutes(app: ApiApp) {
  openapiRoute(app, previewCategories, h.previewCategories);
  openapiRoute(app, categories, h.categories);
  openapiRoute(app, brands, h.brands);
  openapiRoute(app, colors, h.colors);
  openapiRoute(app, category, h.category, { routing: '/api/v1/category/:path{.+}' });
  openapiRoute(app, offersAll, h.offersAll);
  openapiRoute(app, offers, h.offers, { routing: '/api/v1/offers/:path{.+}' });
  openapiRoute(app, offersList, h.offersList);
  openapiRoute(app, productOffer, h.productOffer);
  openapiRoute(app, search, h.search, { routing: '/api/v1/search/:query{.+}' });
}
