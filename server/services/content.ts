/** The shop's organization record and the SEO records of pages (spec §7 Content), in the contract's shape. */
import { eq } from 'drizzle-orm';
import type { Organization, SeoRecord } from '@/lib/api/contract/content';
import { organization, seoRecords } from '../db/schema';
import { ApiHttpError } from '../http';
import type { Db } from '../db/client';

/** The shop's contacts and links. @throws ApiHttpError 404 while the record is not filled. */
export async function getOrganization(db: Db): Promise<Organization> {
  const [org] = await db.select().from(organization).where(eq(organization.id, 1));
  if (!org) throw new ApiHttpError(404, 'Данные организации не заполнены');
  return {
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
  };
}

/** The SEO record of the page at `url` (a trailing "/" ignored). @throws ApiHttpError 404 for an unknown page. */
export async function getSeoRecord(db: Db, url: string): Promise<SeoRecord> {
  const normalized = url.length > 1 ? url.replace(/\/+$/, '') : url;
  const [seo] = await db.select().from(seoRecords).where(eq(seoRecords.url, normalized));
  if (!seo) throw new ApiHttpError(404, 'SEO-запись не найдена');
  return { url: seo.url, title: seo.title, description: seo.description, keywords: seo.keywords, h1_tag: seo.h1Tag };
}
