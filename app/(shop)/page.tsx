/**
 * Home page (spec §2 "index", title "Главная"): hero/promo block, "Распродажа" and "Новинки" rows
 * from POST /v1/offers_list/ ({type:'sale'} / {type:'new'}, spec §7), section tiles; the banner
 * slot of GET /v1/banner. No breadcrumbs.
 */
import { ProductRow } from '@/components/product-row/product-row';
import { getOffersList } from '@/features/catalog/api/get-offers-list';
import { HomeHero } from '@/features/catalog/components/home-hero';
import { SectionTiles } from '@/features/catalog/components/section-tiles';
import { PromoBanners } from '@/features/content/components/home-banners';
import { FavoriteToggle } from '@/features/favorites/components/favorite-toggle';
import { getOrganization } from '@/features/navigation/api/get-organization';
import { getPreviewCategories } from '@/features/navigation/api/get-preview-categories';
import { pageMetadata } from '@/features/seo/utils/page-metadata';
import { SITE_NAME } from '@/lib/constants';
import { shownBrand } from '@/lib/format/brand';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

/** SEO record of "/" or the shop's default title. */
export async function generateMetadata(): Promise<Metadata> {
  // Issue #14 item 7: og:image is the first sale product's photo (the same cached call as the page's).
  const first = await getOffersList('sale').then(
    (list) => list[0],
    () => undefined,
  );
  const metadata = await pageMetadata({
    image: first?.images[0]?.image,
    imageAlt: first ? `${first.name} ${shownBrand(first.brand)}`.trim() : undefined,
    path: href('index'),
    title: `${SITE_NAME} — купальники, одежда и обувь`,
    description: 'Интернет-магазин купальников, одежды, обуви, аксессуаров и белья. Доставка по России, примерка.',
  });
  return typeof metadata.title === 'string' ? { ...metadata, title: { absolute: metadata.title } } : metadata;
}

/** The home page. */
export default async function HomePage() {
  const [sale, fresh, organization, categories] = await Promise.all([
    getOffersList('sale'),
    getOffersList('new'),
    getOrganization(),
    getPreviewCategories(),
  ]);
  return (
    <div className="container">
      <HomeHero promo={organization?.promocode} />
      <PromoBanners />
      <ProductRow title={routeTitle('sale')} offers={sale} moreHref={href('sale')} cardAction={FavoriteToggle} />
      <ProductRow title={routeTitle('new')} offers={fresh} moreHref={href('new')} cardAction={FavoriteToggle} />
      <SectionTiles categories={categories ?? []} />
    </div>
  );
}
