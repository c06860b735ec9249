/**
 * The operator console's content resources (issue #32, the console API contract): banners, the
 * shop settings (header promo text and organisation record), news and blog articles, info pages,
 * SEO records per URL and landing pages. Records are camelCase with an `id`, as react-admin's
 * `ra-data-simple-rest` expects; `*Input` schemas validate create and update bodies (an update is
 * the whole record: read-only fields such as `id` are ignored). Every message is Russian.
 */
import { z } from 'zod';
import { safeString } from '../common';

/** A text field: trimmed, no control characters, at most `max` characters. */
export const text = (label: string, max: number) =>
  safeString({ error: `Поле «${label}» должно быть строкой` })
    .trim()
    .max(max, `Поле «${label}»: не более ${max} символов`);

/** A required text field. */
export const requiredText = (label: string, max: number) => text(label, max).min(1, `Заполните поле «${label}»`);

/**
 * An optional moment: ISO 8601 string (react-admin's date inputs send "" for an empty field);
 * "" and null become null.
 */
export const optionalDate = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.iso
      .datetime({ offset: true, error: `Поле «${label}»: дата и время в формате ISO 8601` })
      .or(z.iso.date({ error: `Поле «${label}»: дата в формате ISO 8601` }))
      .nullable(),
  );

/** A link of the shop: a same-site path ("/kupalniki") or an http(s) address. */
export const ShopLink = text('Ссылка', 500).refine(
  (v) => v === '' || (v.startsWith('/') && !v.startsWith('//')) || /^https?:\/\/[^\s]+$/i.test(v),
  'Ссылка: путь на сайте (/…) или адрес http(s)://',
);

/** An image URL: one the media upload returned (/media/…) or an https address. */
export const ImageUrl = text('Изображение', 500).refine(
  (v) => (v.startsWith('/media/') && !v.includes('..')) || /^https:\/\/[^\s]+$/i.test(v),
  'Загрузите изображение (адрес /media/…) или укажите адрес https://',
);

/** A slug or page path: lowercase latin, digits, dashes (and "/" for info pages). */
const slug = (label: string, slashes = false) =>
  text(label, 200)
    .min(1, `Заполните поле «${label}»`)
    .regex(
      slashes ? /^[a-z0-9]+(?:[-_/][a-z0-9]+)*$/ : /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/,
      `Поле «${label}»: только латинские строчные буквы, цифры и дефисы`,
    );

/** `POST /api/admin/media` answer: the stored picture's URL and its size in px. */
export const MediaUpload = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type MediaUpload = z.infer<typeof MediaUpload>;

// ---- banners ----------------------------------------------------------------------------------

/** Where a banner shows: the home slider or the listings. */
export const BannerPlace = z.enum(['home', 'container'], { error: 'Место баннера: home или container' });

/** A banner as the console edits it. `dateFrom`/`dateTo` ISO or null; `active` false hides it. */
export const AdminBannerInput = z
  .object({
    place: BannerPlace.default('home'),
    section: z.preprocess((v) => (v === '' ? null : v), slug('Раздел').nullable().default(null)),
    title: requiredText('Заголовок', 200),
    text: text('Текст', 1000).default(''),
    image: ImageUrl,
    imageAlt: text('Описание изображения', 300).default(''),
    link: ShopLink.default(''),
    linkText: text('Текст ссылки', 100).default(''),
    sort: z.coerce
      .number({ error: 'Порядок — целое число' })
      .int('Порядок — целое число')
      .min(-100000)
      .max(100000)
      .default(0),
    active: z.boolean({ error: 'Поле «Показывать»: да или нет' }).default(true),
    dateFrom: optionalDate('Показывать с').default(null),
    dateTo: optionalDate('Показывать до').default(null),
  })
  .refine((b) => !b.dateFrom || !b.dateTo || new Date(b.dateFrom) < new Date(b.dateTo), {
    message: 'Дата окончания показа должна быть позже даты начала',
    path: ['dateTo'],
  });
export type AdminBannerInput = z.infer<typeof AdminBannerInput>;

export const AdminBanner = z
  .object({
    id: z.number().int(),
    place: BannerPlace,
    section: z.string().nullable(),
    title: z.string(),
    text: z.string(),
    image: z.string(),
    imageAlt: z.string(),
    link: z.string(),
    linkText: z.string(),
    sort: z.number().int(),
    active: z.boolean(),
    dateFrom: z.string().nullable(),
    dateTo: z.string().nullable(),
  })
  .meta({ id: 'AdminBanner' });
export type AdminBanner = z.infer<typeof AdminBanner>;

// ---- articles ---------------------------------------------------------------------------------

export const AdminArticleInput = z.object({
  kind: z.enum(['news', 'blog'], { error: 'Раздел: новости (news) или блог (blog)' }),
  slug: slug('Адрес'),
  title: requiredText('Заголовок', 300),
  excerpt: text('Анонс', 1000).default(''),
  body: text('Текст', 200_000).default(''),
  cover: ImageUrl,
  coverAlt: text('Описание обложки', 300).default(''),
  publishedAt: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? new Date().toISOString() : v),
    z.iso.datetime({ offset: true, error: 'Дата публикации в формате ISO 8601' }).or(z.iso.date()),
  ),
});
export type AdminArticleInput = z.infer<typeof AdminArticleInput>;

export const AdminArticle = z
  .object({
    id: z.number().int(),
    kind: z.enum(['news', 'blog']),
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    body: z.string(),
    format: z.enum(['markdown', 'html']),
    cover: z.string(),
    coverAlt: z.string(),
    publishedAt: z.string(),
  })
  .meta({ id: 'AdminArticle' });
export type AdminArticle = z.infer<typeof AdminArticle>;

/** `POST /api/admin/articles/preview`: markdown in, the storefront's sanitised HTML out. */
export const ArticlePreviewInput = z.object({ markdown: text('Текст', 200_000) });
export const ArticlePreviewHtml = z.object({ html: z.string() }).meta({ id: 'AdminArticlePreview' });

// ---- info pages ---------------------------------------------------------------------------------

export const AdminPageInput = z.object({
  path: slug('Адрес', true),
  title: requiredText('Заголовок страницы (title)', 300),
  h1: requiredText('Заголовок H1', 300),
  description: text('Описание (description)', 1000).default(''),
  body: text('Текст', 200_000).default(''),
});
export type AdminPageInput = z.infer<typeof AdminPageInput>;

export const AdminPage = z
  .object({
    id: z.number().int(),
    path: z.string(),
    title: z.string(),
    h1: z.string(),
    description: z.string(),
    body: z.string(),
    format: z.enum(['markdown', 'html']),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminPage' });
export type AdminPage = z.infer<typeof AdminPage>;

// ---- SEO records --------------------------------------------------------------------------------

export const AdminSeoInput = z.object({
  url: text('Адрес страницы', 500)
    .min(1, 'Заполните поле «Адрес страницы»')
    .regex(/^\/[^\s?#]*$/, 'Адрес страницы начинается с / и без ? и #')
    .transform((u) => (u.length > 1 ? u.replace(/\/+$/, '') : u)),
  title: requiredText('title', 300),
  description: text('description', 1000).default(''),
  keywords: text('keywords', 1000).default(''),
  h1: text('H1', 300).default(''),
});
export type AdminSeoInput = z.infer<typeof AdminSeoInput>;

export const AdminSeo = z
  .object({
    id: z.number().int(),
    url: z.string(),
    title: z.string(),
    description: z.string(),
    keywords: z.string(),
    h1: z.string(),
  })
  .meta({ id: 'AdminSeo' });
export type AdminSeo = z.infer<typeof AdminSeo>;

// ---- landing pages ------------------------------------------------------------------------------

export const AdminLandingInput = z.object({
  slug: slug('Адрес'),
  title: requiredText('Заголовок страницы (title)', 300),
  h1: requiredText('Заголовок H1', 300),
  description: text('Описание', 1000).default(''),
  text: text('Текст', 20_000).default(''),
  categoryPath: z.preprocess((v) => (v === '' ? null : v), slug('Раздел каталога', true).nullable().default(null)),
  filter: z.record(z.string(), z.unknown(), { error: 'Фильтр — объект JSON' }).default({}),
  sort: z.coerce
    .number({ error: 'Порядок — целое число' })
    .int('Порядок — целое число')
    .min(-100000)
    .max(100000)
    .default(0),
});
export type AdminLandingInput = z.infer<typeof AdminLandingInput>;

export const AdminLanding = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    h1: z.string(),
    description: z.string(),
    text: z.string(),
    categoryPath: z.string().nullable(),
    filter: z.record(z.string(), z.unknown()),
    sort: z.number().int(),
  })
  .meta({ id: 'AdminLanding' });
export type AdminLanding = z.infer<typeof AdminLanding>;

// ---- settings -----------------------------------------------------------------------------------

const optionalLink = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    text(label, 500)
      .regex(/^https:\/\/[^\s]+$/i, `Поле «${label}»: адрес https://`)
      .nullable()
      .default(null),
  );

/** The one settings record (`id: "shop"`): the header promo text and the organisation record. */
export const AdminSettingsInput = z.object({
  promoText: z.preprocess((v) => (v === '' ? null : v), text('Промо-строка в шапке', 300).nullable().default(null)),
  name: requiredText('Название', 200),
  phone: requiredText('Телефон', 50).regex(/^[+\d\s()-]{5,50}$/, 'Телефон: цифры, +, пробелы, скобки и дефисы'),
  phoneChats: text('Телефон мессенджеров', 50)
    .regex(/^[+\d\s()-]*$/, 'Телефон мессенджеров: цифры, +, пробелы, скобки и дефисы')
    .default(''),
  email: requiredText('E-mail', 200).email('Укажите корректный e-mail'),
  address: text('Адрес', 500).default(''),
  workHours: text('Часы работы', 200).default(''),
  linkVk: optionalLink('ВКонтакте'),
  linkInst: optionalLink('Instagram'),
  linkTelegram: optionalLink('Telegram'),
  linkWhatsapp: optionalLink('WhatsApp'),
});
export type AdminSettingsInput = z.infer<typeof AdminSettingsInput>;

export const AdminSettings = z
  .object({
    id: z.literal('shop'),
    promoText: z.string().nullable(),
    name: z.string(),
    phone: z.string(),
    phoneChats: z.string(),
    email: z.string(),
    address: z.string(),
    workHours: z.string(),
    linkVk: z.string().nullable(),
    linkInst: z.string().nullable(),
    linkTelegram: z.string().nullable(),
    linkWhatsapp: z.string().nullable(),
  })
  .meta({ id: 'AdminSettings' });
export type AdminSettings = z.infer<typeof AdminSettings>;
