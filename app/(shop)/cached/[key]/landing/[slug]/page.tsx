/**
 * Cached landing pages: proxy.ts rewrites `/landing/{slug}?{query}` here (../../cached-slug-route.tsx).
 * Rendering: app/(shop)/landing/[slug]/landing-route.tsx.
 */
import { LandingRoute, landingMetadata } from '@/app/(shop)/landing/[slug]/landing-route';
import { cachedSlugRoute } from '../../cached-slug-route';

/** Seconds a cached page is served before it is re-rendered (stock, prices). */
export const revalidate = 60;

/** Nothing is built ahead (on-demand ISR). */
export function generateStaticParams(): { key: string; slug: string }[] {
  return [];
}

const route = cachedSlugRoute(landingMetadata, LandingRoute);

/** Metadata of the page, or of the 404 page. */
export const generateMetadata = route.generateMetadata;

/** The page, or the 404 page in its place. */
export default route.Page;
