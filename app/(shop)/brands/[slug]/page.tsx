/**
 * /brands/{slug} rendered per request: the requests proxy.ts does not send to the cached route
 * app/(shop)/cached/[key]/brands/[slug] (a query that cannot be keyed, see
 * features/catalog/utils/page-cache-key.ts). Rendering lives in ./brand-route.tsx.
 */
import { BrandRoute, brandMetadata } from './brand-route';
import type { Metadata } from 'next';

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Metadata of the brand page (./brand-route.tsx). */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return brandMetadata((await params).slug, await searchParams);
}

/** A brand page. */
export default async function BrandPage({ params, searchParams }: Props) {
  return <BrandRoute slug={(await params).slug} query={await searchParams} />;
}
