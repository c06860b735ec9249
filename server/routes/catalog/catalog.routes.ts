/** Catalogue endpoints (spec §7 Catalogue and the catalogue parts of Content), documented in OpenAPI. */
import { createRoute } from '@hono/zod-openapi';
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
import { jsonBody, jsonResponses } from '../docs';
import { openapiRoute } from '../openapi';
import * as h from './catalog.handlers';
import type { ApiApp } from '../../types';

const tags = ['Каталог'];
const pathParam = z.object({ path: z.string() });

export const previewCategories = createRoute({
  method: 'get',
  path: '/api/v1/preview_category/',
  tags,
  responses: jsonResponses(z.array(PreviewCategory), 'Разделы для меню', []),
});
export const categories = createRoute({
  method: 'get',
  path: '/api/v1/categories',
  tags,
  responses: jsonResponses(z.array(CategoryListItem), 'Все категории', []),
});
export const brands = createRoute({
  method: 'get',
  path: '/api/v1/brands',
  tags,
  responses: jsonResponses(z.array(Brand), 'Бренды', []),
});
export const colors = createRoute({
  method: 'get',
  path: '/api/v1/color',
  tags,
  responses: jsonResponses(z.array(Color), 'Цвета', []),
});
export const category = createRoute({
  method: 'get',
  path: '/api/v1/category/{path}',
  tags,
  request: { params: pathParam, query: CategoryQuery },
  responses: jsonResponses(Category, 'Категория'),
});
export const offersAll = createRoute({
  method: 'get',
  path: '/api/v1/offers/',
  tags,
  request: { query: OffersQuery },
  responses: jsonResponses(OffersPage, 'Товары всего каталога'),
});
export const offers = createRoute({
  method: 'get',
  path: '/api/v1/offers/{path}/',
  tags,
  request: { params: pathParam, query: OffersQuery },
  responses: jsonResponses(OffersPage, 'Товары категории (путь может содержать «/»)'),
});
export const offersList = createRoute({
  method: 'post',
  path: '/api/v1/offers_list/',
  tags,
  request: jsonBody(OffersListBody),
  responses: jsonResponses(OffersListResponse, '64 товара распродажи или новинок', [400]),
});
export const productOffer = createRoute({
  method: 'get',
  path: '/api/v1/product_offer/',
  tags,
  request: { query: ProductOfferQuery },
  responses: jsonResponses(ProductDetail, 'Карточка товара; full_path_offer — канонический адрес'),
});
export const search = createRoute({
  method: 'get',
  path: '/api/v1/search/{query}/',
  tags,
  request: { params: z.object({ query: z.string() }), query: SearchQuery },
  responses: jsonResponses(SearchPage, 'Результаты поиска', [400]),
});

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
