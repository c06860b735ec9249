/** Handlers of the content endpoints: organization record and SEO records (spec §7 Content), typed from content.routes.ts. */
import { eq } from 'drizzle-orm';
import { organization, seoRecords } from '../../db/schema';
import { ApiHttpError } from '../../http';
import type * as r from './content.routes';
import type { AppEnv } from '../../types';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';

type Handler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/** GET /v1/organization: the shop's contacts. @throws ApiHttpError 404 while the record is not filled. */
export const showOrganization: Handler<typeof r.showOrganization> = async (c) => {
  const [org] = await c.var.db.select().from(organization).where(eq(organization.id, 1));
  if (!org) throw new ApiHttpError(404, 'Данные организации не заполнены');
  return c.json(
    {
      name: org.name,
      phone: org.phone,
      phone_chats: org.phoneChats,
      email: org.email,
      address: org.address,
      work_hours: org.workHours,
      promocode: org.promocode,
      logo: org.logo,
      link_vk: org.linkVk,
      link_inst: org.linkInst,
      link_telegram: org.linkTelegram,
      link_whatsapp: org.linkWhatsapp,
    },
    200,
  );
};

/** GET /v1/get_seo/?url=: the SEO record of a page (trailing "/" ignored). @throws ApiHttpError 404 for an unknown page. */
export const showSeo: Handler<typeof r.showSeo> = async (c) => {
  const { url } = c.req.valid('query');
  const normalized = url.length > 1 ? url.replace(/\/+$/, '') : url;
  const [seo] = await c.var.db.select().from(seoRecords).where(eq(seoRecords.url, normalized));
  if (!seo) throw new ApiHttpError(404, 'SEO-запись не найдена');
  return c.json(
    {
      url: seo.url,
      title: seo.title,
      description: seo.description,
      keywords: seo.keywords,
      h1_tag: seo.h1Tag,
    },
    200,
  );
};
