/**
 * The colour palette of the demo catalogue (spec §3 colours; the colour filter and offer colour
 * swatches). Also read by the product image renderer (server/services/product-image.ts), so a
 * colour slug in an image URL always has a hex to paint with.
 */
export interface ColorDef {
  slug: string;
  /** Russian name, shown on swatches and in filters. */
  name: string;
  /** CSS "#rrggbb". */
  hex: string;
}

/** Sixteen colours; ids in the database are the 1-based position in this list. */
export const COLORS: readonly ColorDef[] = [
  { slug: 'chernyj', name: 'Чёрный', hex: '#1c1c1e' },
  { slug: 'belyj', name: 'Белый', hex: '#f7f5f0' },
  { slug: 'krasnyj', name: 'Красный', hex: '#c8102e' },
  { slug: 'sinij', name: 'Синий', hex: '#1f3a93' },
  { slug: 'goluboj', name: 'Голубой', hex: '#6ec6e8' },
  { slug: 'zelenyj', name: 'Зелёный', hex: '#2e8b57' },
  { slug: 'bezhevyj', name: 'Бежевый', hex: '#d8c3a5' },
  { slug: 'rozovyj', name: 'Розовый', hex: '#f4a6c0' },
  { slug: 'zheltyj', name: 'Жёлтый', hex: '#f5c518' },
  { slug: 'oranzhevyj', name: 'Оранжевый', hex: '#f57c2b' },
  { slug: 'fioletovyj', name: 'Фиолетовый', hex: '#7b4fa0' },
  { slug: 'korichnevyj', name: 'Коричневый', hex: '#7a4b2a' },
  { slug: 'seryj', name: 'Серый', hex: '#9a9a9e' },
  { slug: 'multikolor', name: 'Мультиколор', hex: '#e46a8f' },
  { slug: 'leopardovyj', name: 'Леопардовый', hex: '#c8964f' },
  { slug: 'bordovyj', name: 'Бордовый', hex: '#7b1e3a' },
];

/** Colour by slug, for the image renderer; undefined for an unknown slug. */
export function findColor(slug: string): ColorDef | undefined {
  return COLORS.find((c) => c.slug === slug);
}
