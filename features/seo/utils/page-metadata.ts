/** Page metadata from SEO records with generated fallbacks (spec §3 SEO record, §7 get_seo). */
import type { Metadata } from 'next';
import { getSeo } from '../api/get-seo';

/** Input of `pageMetadata`. */
export type PageMetadataInput = {
  /** Canonical path of the page ("/kupalniki/razdelnye"), no query except a kept `?page=N`. */
  path: string;
  /** Fallback title without the shop name (the root template adds " — Lumière"). */
  title: string;
  /** Fallback description. */
  description?: string;
  /** Keep the page out of search indexes (e.g. errors, empty pages). */
  noindex?: boolean;
  /** Open Graph image URL. */
  image?: string;
};

/**
 * Metadata of a page: the SEO record of GET /v1/get_seo/?url={path} wins (its title is used as is),
 * else the generated title/description; `alternates.canonical` is always the path (made absolute
 * by the root layout's metadataBase); OpenGraph and Twitter cards carry `image`. SEO failures are
 * only logged (spec §8).
 */
export async function pageMetadata(input: PageMetadataInput): Promise<Metadata> {
  const seoPath = input.path.split('?')[0] ?? input.path;
  const seo = await getSeo(seoPath);
  const title = seo?.title ? { absolute: seo.title } : input.title;
  const description = seo?.description || input.description;
  return {
    title,
    description,
    keywords: seo?.keywords || undefined,
    alternates: { canonical: input.path },
    robots: input.noindex ? { index: false, follow: true } : undefined,
    openGraph: {
      title: seo?.title || input.title,
      description,
      url: input.path,
      images: input.image ? [{ url: input.image }] : undefined,
    },
    twitter: {
      card: input.image ? 'summary_large_image' : 'summary',
      title: seo?.title || input.title,
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
