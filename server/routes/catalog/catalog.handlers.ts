/** Handlers of the catalogue endpoints (spec §7 Catalogue). */
import type { Context } from 'hono';
import {
  CategoryQuery,
  OfferFilters,
  OffersListBody,
  OffersQuery,
  ProductOfferQuery,
  SearchQuery,
  SearchText,
} from '@/lib/api/contract/catalog';
import { ApiHttpError, parseJsonQuery, parseOr400, readJson } from '../../http';
import {
  getCategory,
  getProduct,
  listCategories,
  listOffers,
  listPreviewCategories,
  listSaleOrNew,
} from '../../services/catalog';
import { searchProductIds } from '../../services/search';
import type { AppEnv } from '../../types';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';

type Ctx = Context<AppEnv>;

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

export async function previewCategories(c: Ctx) {
  return c.json(await listPreviewCategories(c.var.db));
}

export async function categories(c: Ctx) {
  return c.json(await listCategories(c.var.db));
}

export async function brands(c: Ctx) {
  return c.json(
    await rows(
      c.var.db,
      sql`select b.id, b.name, b.slug, b.name_ru, b.country, b.description, b.in_menu,
                 (select count(*)::int from products p where p.brand_id = b.id) as products_count
          from brands b order by b.in_menu desc, b.sort, b.name`,
    ),
  );
}

export async function colors(c: Ctx) {
  return c.json(await rows(c.var.db, sql`select id, slug, name, hex from colors order by id`));
}

export async function category(c: Ctx) {
  const path = categoryPathOr404(c.req.param('path'));
  if (!path) throw new ApiHttpError(404, 'Категория не найдена');
  const { tag } = parseOr400(CategoryQuery, c.req.query());
  return c.json(await getCategory(c.var.db, path, tag === '' ? undefined : tag));
}

export async function offers(c: Ctx) {
  const categoryPath = categoryPathOr404(c.req.param('path'));
  const query = parseOr400(OffersQuery, c.req.query());
  const result = await listOffers(c.var.db, {
    categoryPath,
    tag: query.tag || undefined,
    filters: filtersFrom(query.filters),
    sort: query.sort,
    limit: query.limit,
    offset: query.offset,
  });
  return c.json({ ...result, limit: query.limit, offset: query.offset });
}

export async function offersList(c: Ctx) {
  const body = parseOr400(OffersListBody, await readJson(c));
  return c.json({ results: await listSaleOrNew(c.var.db, body.type) });
}

export async function productOffer(c: Ctx) {
  const query = parseOr400(ProductOfferQuery, c.req.query());
  return c.json(await getProduct(c.var.db, Number(query.pk)));
}

export async function search(c: Ctx) {
  const text = parseOr400(SearchText, (c.req.param('query') ?? '').replace(/\/+$/, ''), 'Некорректный запрос');
  const query = parseOr400(SearchQuery, c.req.query());
  const ids = await searchProductIds(c.var.db, text);
  const result = await listOffers(c.var.db, {
    rankedIds: ids,
    filters: filtersFrom(query.filters),
    sort: query.sort,
    limit: query.limit,
    offset: query.offset,
  });
  return c.json({ ...result, limit: query.limit, offset: query.offset, query: text });
}
