import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { SITE_NAME } from '@/lib/constants';
import { seoDescription, seoTitle } from '@/lib/format/seo-text';
import { getInfoPage } from '../api/get-info-page';
import { RichText } from './rich-text';
import type { Metadata } from 'next';
import type { ReactNode } from 'react';

/**
 * Metadata of an info page from GET /v1/about/{path}: the stored `title` (the root template adds
 * the shop name), `description`, canonical `/{path}`. Unknown page → empty metadata (the page
 * itself answers 404).
 */
export async function infoPageMetadata(path: string): Promise<Metadata> {
  const page = await getInfoPage(path);
  if (!page) return {};
  // Whole titles ≤ 70 and descriptions ≤ 160 characters, the shop named once (issue #14).
  return {
    title: { absolute: seoTitle(page.title) },
    description: page.description ? seoDescription(page.description) : undefined,
    alternates: { canonical: `/${path}` },
    // Issue #14 item 7: a page's openGraph replaces the layout's, so type, site and locale again.
    openGraph: {
      type: 'website',
      siteName: SITE_NAME,
      locale: 'ru_RU',
      title: page.title,
      description: page.description,
      url: `/${path}`,
    },
  };
}

/**
 * An info page of spec §2 (about, contacts, public offer, …): breadcrumbs, the stored h1 and the
 * sanitised text, then `children` (e.g. the Instagram grid). 404 when the API has no such page.
 * Complete HTML without JavaScript.
 * @param path the page's path without the leading slash, as in GET /v1/about/{path}.
 */
export async function InfoPageView({ path, children }: { path: string; children?: ReactNode }) {
  const page = await getInfoPage(path);
  if (!page) notFound();
  return (
    <div className="container">
      <Breadcrumbs items={[{ name: page.title, href: `/${path}` }]} />
      <article>
        <h1 className="page-title">{page.h1}</h1>
        <RichText text={page.text} format={page.format} />
        {children}
      </article>
    </div>
  );
}
