/** Content contract: organization record and SEO records (spec §3, §7 Content). */
import { z } from 'zod';
import { safeString } from './common';

export const Organization = z
  .object({
    name: z.string(),
    phone: z.string(),
    phone_chats: z.string(),
    email: z.string(),
    address: z.string(),
    work_hours: z.string(),
    promocode: z.string().nullable(),
    logo: z.string(),
    link_vk: z.string().nullable(),
    link_inst: z.string().nullable(),
    link_telegram: z.string().nullable(),
    link_whatsapp: z.string().nullable(),
  })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof Organization>;

export const SeoRecord = z
  .object({
    url: z.string(),
    title: z.string(),
    description: z.string(),
    keywords: z.string(),
    h1_tag: z.string(),
  })
  .meta({ id: 'SeoRecord' });
export type SeoRecord = z.infer<typeof SeoRecord>;

export const SeoQuery = z.object({
  url: safeString({ error: 'Укажите url' }).min(1, 'Укажите url').max(500).startsWith('/', 'url должен начинаться с /'),
});
