/** Catalogue endpoints (spec §7 Catalogue and the catalogue parts of Content), documented in OpenAPI. */
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
import type { ApiApp } from '../../types';
import { jsonBody, jsonResponses } from '../docs';
import * as h from './catalog.handlers';

/** Registers the catalogue routes under /api. */
export function registerCatalogRoutes(app: ApiApp) {
  const r = app.openAPIRegistry;
  r.registerPath({ method: 'get', path: '/api/v1/preview_category/', tags: ['Каталог'], responses: jsonResponses(z.array(PreviewCategory), 'Разделы для меню', []) });
  r.registerPath({ method: 'get', path: '/api/v1/categories', tags: ['Каталог'], responses: jsonResponses(z.array(CategoryListItem), 'Все категории', []) });
  r.registerPath({ method: 'get', path: '/api/v1/brands', tags: ['Каталог'], responses: jsonResponses(z.array(Brand), 'Бренды', []) });
  r.registerPath({ method: 'get', path: '/api/v1/color', tags: ['Каталог'], responses: jsonResponses(z.array(Color), 'Цвета', []) });
  r.registerPath({ method: 'get', path: '/api/v1/category/{path}', tags: ['Каталог'], request: { params: z.object({ path: z.string() }), query: CategoryQuery }, responses: jsonResponses(Category, 'Категория') });
  r.registerPath({ method: 'get', path: '/api/v1/offers/', tags: ['Каталог'], request: { query: OffersQuery }, responses: jsonResponses(OffersPage, 'Товары всего каталога') });
  r.registerPath({ method: 'get', path: '/api/v1/offers/{path}/', tags: ['Каталог'], request: { params: z.object({ path: z.string() }), query: OffersQuery }, responses: jsonResponses(OffersPage, 'Товары категории (путь может содержать «/»)') });
  r.registerPath({ method: 'post', path: '/api/v1/offers_list/', tags: ['Каталог'], request: jsonBody(OffersListBody), responses: jsonResponses(OffersListResponse, '64 товара распродажи или новинок', [400]) });
  r.registerPath({ method: 'get', path: '/api/v1/product_offer/', tags: ['Каталог'], request: { query: ProductOfferQuery }, responses: jsonResponses(ProductDetail, 'Карточка товара; full_path_offer — канонический адрес') });
  r.registerPath({ method: 'get', path: '/api/v1/search/{query}/', tags: ['Каталог'], request: { params: z.object({ query: z.string() }), query: SearchQuery }, responses: jsonResponses(SearchPage, 'Результаты поиска', [400]) });

  app.get('/api/v1/preview_category', h.previewCategories);
  app.get('/api/v1/categories', h.categories);
  app.get('/api/v1/brands', h.brands);
  app.get('/api/v1/color', h.colors);
  app.get('/api/v1/category/:path{.+}', h.category);
  app.get('/api/v1/offers', h.offers);
  app.get('/api/v1/offers/:path{.+}', h.offers);
  app.post('/api/v1/offers_list', h.offersList);
  app.get('/api/v1/product_offer', h.productOffer);
  app.get('/api/v1/search/:query{.+}', h.search);
}
