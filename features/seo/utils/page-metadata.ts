/** Page metadata from SEO records with generated fallbacks (spec §3 SEO record, §7 get_seo). */
import { SITE_NAME } from '@/lib/constants';
import { seoDescription, seoTitle } from '@/lib/format/seo-text';
import { getSeo } from '../api/get-seo';
import type { Metadata } from 'next';

/** Open Graph fields of every page (issue #14 item 7): `og:site_name`, `og:locale` ru_RU. */
export const OPEN_GRAPH_BASE = { siteName: SITE_NAME, locale: 'ru_RU' } as const;

/** Input of `pageMetadata`. */
export type PageMetadataInput = {
  /** Canonical path of the page ("/kupalniki/razdelnye"), no query except a kept `?page=N`. */
  path: string;
  /** Fallback title without the shop name (" — Lumière" is added unless the title names the shop, lib/format/seo-text.ts). */
  title: string;
  /** Fallback description. */
  description?: string;
  /** Keep the page out of search indexes (e.g. errors, empty pages, search results). */
  noindex?: boolean;
  /** Open Graph image URL. */
  image?: string;
  /** Open Graph image alt text (`og:image:alt`); defaults to the title. */
  imageAlt?: string;
  /** `og:type`: "website" (default) or "article". */
  ogType?: 'website' | 'article';
  /** 1-based page of a listing: page 2+ says "— страница N" in title and description (issue #14). */
  page?: number;
  /** Title words that tell the page from a similar one ("арт. 1234"), always in the title. */
  qualifier?: string;
  /** Title words a long title leaves out ("чёрный/белый", lib/format/seo-text.ts). */
  detail?: string;
  /**
   * Whether the SEO record of `path` applies (default true). False for pages the record does not
   * describe, e.g. /search?searchParam=… (the record of /search is about the empty search page).
   */
  useSeoRecord?: boolean;
};

/**
 * Metadata of a page: the SEO record of GET /v1/get_seo/?url={path} wins (its title is kept,
 * with the page number added and the shop named once, as " — Lumière"; `detail` and `qualifier`
 * belong to the generated title only), else the generated
 * title/description; titles never cut, descriptions ≤ 160 characters cut at a word
 * (lib/format/seo-text.ts);
 * `alternates.canonical` is always the path (made absolute by the root layout's metadataBase);
 * OpenGraph and Twitter cards carry `image`. SEO failures are only logged (spec §8).
 */
export async function pageMetadata(input: PageMetadataInput): Promise<Metadata> {
  const seoPath = input.path.split('?')[0] ?? input.path;
  const seo = input.useSeoRecord === false ? null : await getSeo(seoPath);
  // A title an operator wrote for this URL is theirs whole: the generated title's detail and
  // qualifier ("чёрный, арт. 5420") are not added to it (issue #32).
  const title = seo?.title
    ? seoTitle(seo.title, { page: input.page })
    : seoTitle(input.title, { page: input.page, qualifier: input.qualifier, detail: input.detail });
  const rawDescription = seo?.description || input.description;
  const description = rawDescription ? seoDescription(rawDescription, { page: input.page }) : undefined;
  return {
    title: { absolute: title },
    description,
    keywords: seo?.keywords || undefined,
    alternates: { canonical: input.path },
    robots: input.noindex ? { index: false, follow: true } : undefined,
    // Issue #14 item 7: a page's openGraph replaces the layout's whole, so type, site name and
    // locale are repeated here rather than inherited.
    openGraph: {
      ...OPEN_GRAPH_BASE,
      type: input.ogType ?? 'website',
      title,
      description,
      url: input.path,
      images: input.image ? [{ url: input.image, alt: input.imageAlt || title }] : undefined,
    },
    twitter: {
      card: input.image ? 'summary_large_image' : 'summary',
      title,
      description,
      images: input.image ? [input.image] : undefined,
    },
  };
}

/** The H1 of a page: the SEO record's `h1_tag` when set, else `fallback`. */
export async function pageHeading(path: string, fallback: string): Promise<string> {
  const seo = await getSeo(path);
  return seo?.h1_tag || fallback;
}
