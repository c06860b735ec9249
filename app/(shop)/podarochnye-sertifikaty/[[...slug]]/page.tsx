/**
 * /podarochnye-sertifikaty/{slug?} (spec §2, issue #5): the certificate nominals, or one of them.
 * An unknown nominal answers 404 with the error page in the HTML (issue #14 item 6): the route is
 * on-demand ISR, so the not-found signal of components/error-state/inline-not-found.tsx sets the status.
 */
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { metadataOr404, pageOr404 } from '@/components/error-state/inline-not-found';
import { getGiftNominal, getGiftNominals } from '@/features/checkout/api/get-gift-cards';
import { GiftNominalList, GiftNominalView } from '@/features/checkout/components/gift-cards';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

type Props = { params: Promise<{ slug?: string[] }> };

/** Seconds a page is served from the cache before it is re-rendered (changes also expire it by tag). */
export const revalidate = 60;

/** Nothing is built ahead: each page is rendered on its first request and cached (on-demand ISR). */
export function generateStaticParams(): { slug?: string[] }[] {
  return [];
}

async function nominalOf(slug: string[] | undefined) {
  if (!slug) return null;
  if (slug.length !== 1 || !/^[a-z0-9-]{1,60}$/.test(slug[0]!)) notFound();
  const nominal = await getGiftNominal(slug[0]!);
  if (!nominal) notFound();
  return nominal;
}

/** Title of the list or of the nominal. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return metadataOr404(async () => {
    const nominal = await nominalOf((await params).slug);
    const base = href('podarochnye_sertifikaty');
    return nominal
      ? { title: nominal.name, description: nominal.description, alternates: { canonical: `${base}/${nominal.slug}` } }
      : {
          title: routeTitle('podarochnye_sertifikaty'),
          description: 'Электронные подарочные сертификаты Lumière номиналом от 3 000 ₽.',
          alternates: { canonical: base },
        };
  });
}

/** The page. */
export default async function GiftCardsRoute({ params }: Props) {
  return pageOr404(async () => giftCardsPage(await nominalOf((await params).slug)));
}

async function giftCardsPage(nominal: Awaited<ReturnType<typeof nominalOf>>) {
  const base = { name: routeTitle('podarochnye_sertifikaty'), href: href('podarochnye_sertifikaty') };
  if (nominal) {
    return (
      <div className="container">
        <Breadcrumbs items={[base, { name: nominal.name, href: `${base.href}/${nominal.slug}` }]} />
        <h1>{nominal.name}</h1>
        <GiftNominalView nominal={nominal} />
      </div>
    );
  }
  return (
    <div className="container">
      <Breadcrumbs items={[base]} />
      <h1>{routeTitle('podarochnye_sertifikaty')}</h1>
      <GiftNominalList nominals={await getGiftNominals()} />
    </div>
  );
}
