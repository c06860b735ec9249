/** Handlers of the catalogue endpoints (spec §7 Catalogue), typed from their routes (catalog.routes.ts). */
import { OfferFilters, OffersListBody, SearchText, type OffersQuery } from '@/lib/api/contract/catalog';
import { ApiHttpError, parseJsonQuery, parseOr400, readJson } from '../../http';
import {
  getCategory,
  getProduct,
  listBrands,
  listCategories,
  listColors,
  listOffers,
  listPreviewCategories,
  listSaleOrNew,
} from '../../services/catalog';
import { searchProductIds } from '../../services/search';
import type * as r from './catalog.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { z } from 'zod';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

const CATEGORY_PATH = /^[a-z0-9-]+(\/[a-z0-9-]+){0,3}$/;

/** Normalises a category path from the URL ("kupalniki/razdelnye/") or answers 404. */
export function categoryPathOr404(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const path = raw.replace(/^\/+|\/+$/g, '');
  if (path === '') return undefined;
  if (!CATEGORY_PATH.test(path)) throw new ApiHttpError(404, 'Категория не найдена');
  return path;
}

/** Parses `?filters=` JSON into `OfferFilters`. @throws ApiHttpError 400 with a Russian message. */
export function filtersFrom(raw: string | undefined) {
  return parseOr400(OfferFilters, parseJsonQuery(raw), 'Некорректные фильтры');
}

export const previewCategories: Handler<typeof r.previewCategories> = async (c) =>
  c.json(await listPreviewCategories(c.var.db), 200);

export const categories: Handler<typeof r.categories> = async (c) => c.json(await listCategories(c.var.db), 200);

export const brands: Handler<typeof r.brands> = async (c) => c.json(await listBrands(c.var.db), 200);

export const colors: Handler<typeof r.colors> = async (c) => c.json(await listColors(c.var.db), 200);

export const category: Handler<typeof r.category> = async (c) => {
  const path = categoryPathOr404(c.req.valid('param').path);
  if (!path) throw new ApiHttpError(404, 'Категория не найдена');
  const { tag } = c.req.valid('query');
  return c.json(await getCategory(c.var.db, path, tag === '' ? undefined : tag), 200);
};

/** A listing page of a category (or of the whole catalogue when `categoryPath` is undefined). */
async function listing(c: Context<AppEnv>, categoryPath: string | undefined, query: z.infer<typeof OffersQuery>) {
  const result = await listOffers(c.var.db, {
    categoryPath,
    tag: query.tag || undefined,
    filters: filtersFrom(query.filters),
    sort: query.sort,
    limit: query.limit,
    offset: query.offset,
  });
  return { ...result, limit: query.limit, offset: query.offset };
}

export const offersAll: Handler<typeof r.offersAll> = async (c) =>
  c.json(await listing(c, undefined, c.req.valid('query')), 200);

export const offers: Handler<typeof r.offers> = async (c) =>
  c.json(await listing(c, categoryPathOr404(c.req.valid('param').path), c.req.valid('query')), 200);

export const offersList: Handler<typeof r.offersList> = async (c) => {
  const body = parseOr400(OffersListBody, await readJson(c));
  return c.json({ results: await listSaleOrNew(c.var.db, body.type) }, 200);
};

export const productOffer: Handler<typeof r.productOffer> = async (c) =>
  c.json(await getProduct(c.var.db, Number(c.req.valid('query').pk)), 200);

export const search: Handler<typeof r.search> = async (c) => {
  const text = parseOr400(SearchText, c.req.valid('param').query.replace(/\/+$/, ''), 'Некорректный запрос');
  const query = c.req.valid('query');
  const ids = await searchProductIds(c.var.db, text);
  const result = await listOffers(c.var.db, {
    rankedIds: ids,
    filters: filtersFrom(query.filters),
    sort: query.sort,
    limit: query.limit,
    offset: query.offset,
  });
  return c.json({ ...result, limit: query.limit, offset: query.offset, query: text }, 200);
};
