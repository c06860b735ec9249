/** /podarochnye-sertifikaty/{slug?} (spec §2, issue #5): the certificate nominals, or one of them. */
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { getGiftNominal, getGiftNominals } from '@/features/checkout/api/get-gift-cards';
import { GiftNominalList, GiftNominalView } from '@/features/checkout/components/gift-cards';
import { href, routeTitle } from '@/lib/routes';
import type { Metadata } from 'next';

type Props = { params: Promise<{ slug?: string[] }> };

async function nominalOf(slug: string[] | undefined) {
  if (!slug) return null;
  if (slug.length !== 1 || !/^[a-z0-9-]{1,60}$/.test(slug[0]!)) notFound();
  const nominal = await getGiftNominal(slug[0]!);
  if (!nominal) notFound();
  return nominal;
}

/** Title of the list or of the nominal. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const nominal = await nominalOf((await params).slug);
  const base = href('podarochnye_sertifikaty');
  return nominal
    ? { title: nominal.name, description: nominal.description, alternates: { canonical: `${base}/${nominal.slug}` } }
    : {
        title: routeTitle('podarochnye_sertifikaty'),
        description: 'Электронные подарочные сертификаты Lumière номиналом от 3 000 ₽.',
        alternates: { canonical: base },
      };
}

/** The page. */
export default async function GiftCardsRoute({ params }: Props) {
  const nominal = await nominalOf((await params).slug);
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
