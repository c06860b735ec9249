/** Handlers of the content endpoints: organization record and SEO records (spec §7 Content). */
import { eq } from 'drizzle-orm';
import { SeoQuery } from '@/lib/api/contract/content';
import { organization, seoRecords } from '../../db/schema';
import { ApiHttpError, parseOr400 } from '../../http';
import type { AppEnv } from '../../types';
import type { Context } from 'hono';

type Ctx = Context<AppEnv>;

export async function showOrganization(c: Ctx) {
  const [org] = await c.var.db.select().from(organization).where(eq(organization.id, 1));
  if (!org) throw new ApiHttpError(404, 'Данные организации не заполнены');
  return c.json({
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
  });
}

export async function showSeo(c: Ctx) {
  const { url } = parseOr400(SeoQuery, c.req.query());
  const normalized = url.length > 1 ? url.replace(/\/+$/, '') : url;
  const [seo] = await c.var.db.select().from(seoRecords).where(eq(seoRecords.url, normalized));
  if (!seo) throw new ApiHttpError(404, 'SEO-запись не найдена');
  return c.json({
    url: seo.url,
    title: seo.title,
    description: seo.description,
    keywords: seo.keywords,
    h1_tag: seo.h1Tag,
  });
}
