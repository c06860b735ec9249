/**
 * /landing/{slug} rendered per request: the requests proxy.ts does not send to the cached route
 * app/(shop)/cached/[key]/landing/[slug] (a query that cannot be keyed, see
 * features/catalog/utils/page-cache-key.ts). Rendering lives in ./landing-route.tsx.
 */
import { LandingRoute, landingMetadata } from './landing-route';
import type { Metadata } from 'next';

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Metadata of the landing page (./landing-route.tsx). */
export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return landingMetadata((await params).slug, await searchParams);
}

/** A landing page. */
export default async function LandingPage({ params, searchParams }: Props) {
  return <LandingRoute slug={(await params).slug} query={await searchParams} />;
}
