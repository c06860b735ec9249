/**
 * The console's content resources (issue #32): banners, news and blog articles, info pages, SEO
 * records per URL and landing pages, as {@link CrudResource}s of content-crud.ts, plus the settings
 * record (header promo text and organisation) and the article preview. Each change is audited and
 * is a content change event with the storefront tags its pages are read under.
 */
import { eq, sql } from 'drizzle-orm';
import type {
  AdminArticle,
  AdminArticleInput,
  AdminBanner,
  AdminBannerInput,
  AdminLanding,
  AdminLandingInput,
  AdminPage,
  AdminPageInput,
  AdminSeo,
  AdminSeoInput,
  AdminSettings,
  AdminSettingsInput,
} from '@/lib/api/contract/admin/content';
import { renderRichText } from '@/lib/rich-text';
import { articles, banners, infoPages, landingPages, organization, seoRecords } from '../../db/schema';
import { ApiHttpError } from '../../http';
import { CONTENT_TAGS, noteContentChanged } from './content-events';
import type { Audit, CrudResource } from './content-crud';
import type { Db } from '../../db/client';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const date = (s: string | null) => (s ? new Date(s) : null);

export const bannerResource: CrudResource<typeof banners.$inferSelect, AdminBanner, AdminBannerInput> = {
  entity: 'banners',
  table: banners,
  idColumn: banners.id,
  toRecord: (r) => ({
    id: r.id,
    place: r.place,
    section: r.section,
    title: r.title,
    text: r.text,
    image: r.image,
    imageAlt: r.imageAlt,
    link: r.link,
    linkText: r.linkText,
    sort: r.sort,
    active: r.active,
    dateFrom: iso(r.dateFrom),
    dateTo: iso(r.dateTo),
  }),
  toValues: (i) => ({ ...i, dateFrom: date(i.dateFrom), dateTo: date(i.dateTo) }),
  sortable: {
    sort: banners.sort,
    id: banners.id,
    title: banners.title,
    place: banners.place,
    dateFrom: banners.dateFrom,
  },
  search: [banners.title, banners.text, banners.link],
  filters: {
    place: (v) => eq(banners.place, v === 'container' ? 'container' : 'home'),
    active: (v) => eq(banners.active, v === true || v === 'true'),
  },
  tags: () => [...CONTENT_TAGS.banners],
  notFound: 'Баннер не найден',
  conflict: 'Такой баннер уже есть',
};

export const articleResource: CrudResource<typeof articles.$inferSelect, AdminArticle, AdminArticleInput> = {
  entity: 'articles',
  table: articles,
  idColumn: articles.id,
  toRecord: (r) => ({
    id: r.id,
    kind: r.kind,
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    body: r.body,
    format: r.format,
    cover: r.cover,
    coverAlt: r.coverAlt,
    publishedAt: r.publishedAt.toISOString(),
  }),
  // The console writes markdown; an HTML body of the seed is replaced by what the editor saved.
  toValues: (i) => ({ ...i, format: 'markdown', publishedAt: new Date(i.publishedAt) }),
  sortable: { publishedAt: articles.publishedAt, id: articles.id, title: articles.title, kind: articles.kind },
  search: [articles.title, articles.slug, articles.excerpt],
  filters: { kind: (v) => eq(articles.kind, v === 'blog' ? 'blog' : 'news') },
  tags: () => [...CONTENT_TAGS.articles],
  notFound: 'Статья не найдена',
  conflict: 'Статья с таким адресом уже есть в этом разделе',
};

export const pageResource: CrudResource<typeof infoPages.$inferSelect, AdminPage, AdminPageInput> = {
  entity: 'pages',
  table: infoPages,
  idColumn: infoPages.id,
  toRecord: (r) => ({
    id: r.id,
    path: r.path,
    title: r.title,
    h1: r.h1,
    description: r.description,
    body: r.body,
    format: r.format,
    updatedAt: r.updatedAt.toISOString(),
  }),
  toValues: (i) => ({ ...i, format: 'markdown', updatedAt: sql`now()` }),
  sortable: { path: infoPages.path, id: infoPages.id, title: infoPages.title, updatedAt: infoPages.updatedAt },
  search: [infoPages.path, infoPages.title, infoPages.h1],
  tags: () => [...CONTENT_TAGS.pages],
  notFound: 'Страница не найдена',
  conflict: 'Страница с таким адресом уже есть',
};

export const seoResource: CrudResource<typeof seoRecords.$inferSelect, AdminSeo, AdminSeoInput> = {
  entity: 'seo',
  table: seoRecords,
  idColumn: seoRecords.id,
  toRecord: (r) => ({
    id: r.id,
    url: r.url,
    title: r.title,
    description: r.description,
    keywords: r.keywords,
    h1: r.h1Tag,
  }),
  toValues: ({ h1, ...rest }) => ({ ...rest, h1Tag: h1 }),
  sortable: { url: seoRecords.url, id: seoRecords.id, title: seoRecords.title },
  search: [seoRecords.url, seoRecords.title, seoRecords.h1Tag],
  tags: () => [...CONTENT_TAGS.seo],
  notFound: 'SEO-запись не найдена',
  conflict: 'Для этого адреса SEO-запись уже есть',
};

export const landingResource: CrudResource<typeof landingPages.$inferSelect, AdminLanding, AdminLandingInput> = {
  entity: 'landings',
  table: landingPages,
  idColumn: landingPages.id,
  toRecord: (r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    h1: r.h1,
    description: r.description,
    text: r.text,
    categoryPath: r.categoryPath,
    filter: r.filter,
    sort: r.sort,
  }),
  toValues: (i) => ({ ...i }),
  sortable: { sort: landingPages.sort, id: landingPages.id, slug: landingPages.slug, title: landingPages.title },
  search: [landingPages.slug, landingPages.title, landingPages.h1],
  // The page itself is read under `landing:<slug>` (features/catalog/api/get-landing.ts).
  tags: (records) => [...CONTENT_TAGS.landings, ...records.map((r) => `landing:${r.slug}`)],
  notFound: 'Посадочная страница не найдена',
  conflict: 'Посадочная страница с таким адресом уже есть',
};

// ---- settings ---------------------------------------------------------------------------------

function settingsOf(org: typeof organization.$inferSelect): AdminSettings {
  return {
    id: 'shop',
    promoText: org.promocode,
    name: org.name,
    phone: org.phone,
    phoneChats: org.phoneChats,
    email: org.email,
    address: org.address,
    workHours: org.workHours,
    linkVk: org.linkVk,
    linkInst: org.linkInst,
    linkTelegram: org.linkTelegram,
    linkWhatsapp: org.linkWhatsapp,
  };
}

/** The settings record `shop`. @throws ApiHttpError 404 while the organisation is not filled. */
export async function getSettings(db: Db): Promise<AdminSettings> {
  const [org] = await db.select().from(organization).where(eq(organization.id, 1));
  if (!org) throw new ApiHttpError(404, 'Данные организации не заполнены');
  return settingsOf(org);
}

/**
 * Saves the settings (creates the organisation row on a fresh shop, keeping the logo), audited
 * and as a change event of the `organization` tag (header, footer, contacts).
 */
export async function updateSettings(db: Db, audit: Audit, input: AdminSettingsInput): Promise<AdminSettings> {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(organization).where(eq(organization.id, 1)).for('update');
    const values = {
      promocode: input.promoText,
      name: input.name,
      phone: input.phone,
      phoneChats: input.phoneChats,
      email: input.email,
      address: input.address,
      workHours: input.workHours,
      linkVk: input.linkVk,
      linkInst: input.linkInst,
      linkTelegram: input.linkTelegram,
      linkWhatsapp: input.linkWhatsapp,
    };
    const [row] = old
      ? await tx.update(organization).set(values).where(eq(organization.id, 1)).returning()
      : await tx
          .insert(organization)
          .values({ id: 1, logo: '/media/logo.svg', ...values })
          .returning();
    const after = settingsOf(row!);
    await audit(tx, {
      action: 'update',
      entity: 'settings',
      entityId: 'shop',
      before: old ? settingsOf(old) : null,
      after,
    });
    await noteContentChanged(tx, CONTENT_TAGS.settings);
    return after;
  });
}

/** The article preview: the storefront's own renderer and sanitiser (lib/rich-text.ts). */
export function previewMarkdown(markdown: string): { html: string } {
  return { html: renderRichText(markdown, 'markdown') };
}
