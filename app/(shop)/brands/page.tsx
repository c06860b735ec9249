/** /brands (spec §2 named link "brands", title "Бренды"; §7 GET /v1/brands): every brand A–Z with its product count. */
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { getBrandList } from '@/features/catalog/api/get-brand-list';
import { PRODUCT_FORMS } from '@/features/catalog/components/catalog-listing';
import { pageHeading, pageMetadata } from '@/features/seo/utils/page-metadata';
import { formatCount } from '@/lib/format/plural';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

/** SEO record of /brands or "Бренды — Lumière". */
export function generateMetadata(): Promise<Metadata> {
  return pageMetadata({
    path: href('brands'),
    title: routeTitle('brands'),
    description: 'Все бренды магазина: купальники, одежда, обувь и аксессуары Maaji, Seafolly, DKNY и других марок.',
  });
}

/** The brand index, grouped by first letter. */
export default async function BrandsPage() {
  const [brands, heading] = await Promise.all([getBrandList(), pageHeading(href('brands'), routeTitle('brands'))]);
  const groups = new Map<string, typeof brands>();
  for (const brand of [...brands].sort((a, b) => a.name.localeCompare(b.name, 'en'))) {
    const letter = brand.name[0]?.toUpperCase() ?? '#';
    groups.set(letter, [...(groups.get(letter) ?? []), brand]);
  }
  return (
    <div className="container">
      <Breadcrumbs items={[{ name: routeTitle('brands'), href: href('brands') }]} />
      <h1 className="page-title">{heading}</h1>
      <div style={{ columns: '220px 4', columnGap: 32 }}>
        {[...groups].map(([letter, list]) => (
          <section key={letter} style={{ breakInside: 'avoid', marginBottom: 24 }} aria-labelledby={`brands-${letter}`}>
            <h2 id={`brands-${letter}`} style={{ fontSize: 20, margin: '0 0 8px' }}>
              {letter}
            </h2>
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {list.map((brand) => (
                <li key={brand.slug} style={{ padding: '4px 0' }}>
                  <a href={href('brands-slug', { slug: brand.slug })}>{brand.name}</a>{' '}
                  <span style={{ color: 'var(--color-muted)', fontSize: 13 }}>
                    {formatCount(brand.products_count, PRODUCT_FORMS)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
