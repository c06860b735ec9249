/**
 * Publications contract (spec §7 Content): info pages (GET /v1/about/{path}), news and blog
 * (GET /v1/news, /v1/news/{slug}, /v1/blog, /v1/blog/{slug}, /v1/{content}?offset=), banners
 * (GET /v1/banner, /v1/containerbanners) and Instagram posts (GET /v1/instagramm_posts).
 * Response shapes are ours (spec §3: "fields not shown"). Bodies are markdown or HTML as stored;
 * the storefront renders and sanitises them before showing them.
 */
import { z } from 'zod';
import { paginated } from './common';

/** Kinds of article list: the `{content}` of GET /v1/{content}?offset=. */
export const ArticleKind = z.enum(['news', 'blog'], { error: 'Раздел должен быть news или blog' });
export type ArticleKind = z.infer<typeof ArticleKind>;

/** Format of a stored body. */
export const TextFormat = z.enum(['markdown', 'html']);
export type TextFormat = z.infer<typeof TextFormat>;

/** Articles per page of news and blog lists ("Показать ещё" loads the next page). */
export const ARTICLES_PAGE_SIZE = 6;

/** Query of article lists: `offset` (default 0) and `limit` (1–50, default 6). */
export const ArticlesQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit должен быть числом' })
    .int('limit должен быть целым числом')
    .min(1, 'limit должен быть от 1 до 50')
    .max(50, 'limit должен быть от 1 до 50')
    .default(ARTICLES_PAGE_SIZE),
  offset: z.coerce
    .number({ error: 'offset должен быть числом' })
    .int('offset должен быть целым числом')
    .min(0, 'offset не может быть отрицательным')
    .max(100_000, 'offset слишком большой')
    .default(0),
});

/** A slug of an article or a path of an info page: lowercase latin, digits, dashes, slashes. */
export const ContentSlug = z
  .string()
  .min(1, 'Укажите адрес страницы')
  .max(200, 'Слишком длинный адрес страницы')
  .regex(/^[a-z0-9]+(?:[-_/][a-z0-9]+)*$/, 'Адрес страницы может содержать только латинские буквы, цифры и дефисы');

/** An article in a list. `published_at` is ISO 8601; `cover` a same-origin /media URL. */
export const ArticlePreview = z
  .object({
    id: z.number().int(),
    kind: ArticleKind,
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    cover: z.string(),
    cover_alt: z.string(),
    published_at: z.string(),
  })
  .meta({ id: 'ArticlePreview' });
export type ArticlePreview = z.infer<typeof ArticlePreview>;

/** A page of articles (`count` of all, `limit`, `offset`, `results`). */
export const ArticlesPage = paginated(ArticlePreview).meta({ id: 'ArticlesPage' });
export type ArticlesPage = z.infer<typeof ArticlesPage>;

/** A whole article: the preview plus `text` in `format`. */
export const Article = ArticlePreview.extend({ text: z.string(), format: TextFormat }).meta({ id: 'Article' });
export type Article = z.infer<typeof Article>;

/** An info page of GET /v1/about/{path}: `title` for the tab, `h1` for the heading. */
export const InfoPage = z
  .object({
    path: z.string(),
    title: z.string(),
    h1: z.string(),
    description: z.string(),
    text: z.string(),
    format: TextFormat,
    updated_at: z.string(),
  })
  .meta({ id: 'InfoPage' });
export type InfoPage = z.infer<typeof InfoPage>;

/** A promo banner (spec §3 banners, catalogBanners); `section` only on container banners. */
export const Banner = z
  .object({
    id: z.number().int(),
    title: z.string(),
    text: z.string(),
    image: z.string(),
    image_alt: z.string(),
    link: z.string(),
    link_text: z.string(),
    section: z.string().nullable(),
  })
  .meta({ id: 'Banner' });
export type Banner = z.infer<typeof Banner>;

/** Query of GET /v1/containerbanners: optional catalogue `section` slug. */
export const ContainerBannersQuery = z.object({
  section: z
    .string()
    .regex(/^[a-z]+$/, 'Раздел каталога указывается латинскими буквами')
    .max(50, 'Слишком длинное название раздела')
    .optional(),
});

/** A post of the shop's Instagram. */
export const InstagramPost = z
  .object({
    id: z.number().int(),
    image: z.string(),
    caption: z.string(),
    link: z.string(),
    published_at: z.string(),
  })
  .meta({ id: 'InstagramPost' });
export type InstagramPost = z.infer<typeof InstagramPost>;
