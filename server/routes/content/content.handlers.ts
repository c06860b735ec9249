/** Handlers of the content endpoints: organization record and SEO records (spec §7 Content), typed from content.routes.ts. */
import { getOrganization, getSeoRecord } from '../../services/content';
import { deliveryTerms } from '../../services/delivery/terms';
import type * as r from './content.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/** GET /v1/organization: the shop's contacts. @throws ApiHttpError 404 while the record is not filled. */
export const showOrganization: Handler<typeof r.showOrganization> = async (c) =>
  c.json(await getOrganization(c.var.db), 200);

/** GET /v1/get_seo/?url=: the SEO record of a page (trailing "/" ignored). @throws ApiHttpError 404 for an unknown page. */
export const showSeo: Handler<typeof r.showSeo> = async (c) =>
  c.json(await getSeoRecord(c.var.db, c.req.valid('query').url), 200);

/** GET /v1/delivery_terms/: the owner's delivery settings and stores (issue #34), for the storefront's JSON-LD. */
export const showDeliveryTerms: Handler<typeof r.showDeliveryTerms> = async (c) =>
  c.json({ status: 'success' as const, ...(await deliveryTerms(c.var.db)) }, 200);
