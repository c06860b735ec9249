/**
 * Size charts of the "Таблица размеров" popup (spec §2 Popups "size chart"): Russian and
 * international sizes with body measurements in centimetres, one chart per kind of product.
 * Women's clothing follows the usual correspondence (Russian size = half the bust girth, cm):
 * 40 XXS, 42 XS, 44 S, 46 M, 48 L, 50 XL, 52 XXL, 54 3XL; European = Russian − 6.
 */

/** A size chart: column headings and rows of cells. */
export type SizeChart = { title: string; columns: string[]; rows: string[][]; note: string };

const WOMEN: SizeChart = {
  title: 'Женская одежда и купальники',
  columns: ['Россия', 'Международный', 'Европа', 'Обхват груди, см', 'Обхват талии, см', 'Обхват бёдер, см'],
  rows: [
    ['40', 'XXS', '34', '78–82', '60–64', '86–90'],
    ['42', 'XS', '36', '82–86', '64–68', '90–94'],
    ['44', 'S', '38', '86–90', '68–72', '94–98'],
    ['46', 'M', '40', '90–94', '72–76', '98–102'],
    ['48', 'L', '42', '94–98', '76–80', '102–106'],
    ['50', 'XL', '44', '98–102', '80–84', '106–110'],
    ['52', 'XXL', '46', '102–106', '84–88', '110–114'],
    ['54', '3XL', '48', '106–110', '88–92', '114–118'],
  ],
  note: 'Если мерки попадают между размерами, выбирайте больший.',
};

const BRA: SizeChart = {
  title: 'Бюстгальтеры',
  columns: ['Россия', 'Европа', 'Обхват под грудью, см', 'Обхват груди, см'],
  rows: [
    ['70A', '70A', '68–72', '82–84'],
    ['70B', '70B', '68–72', '84–86'],
    ['75A', '75A', '73–77', '87–89'],
    ['75B', '75B', '73–77', '89–91'],
    ['75C', '75C', '73–77', '91–93'],
    ['80B', '80B', '78–82', '94–96'],
    ['80C', '80C', '78–82', '96–98'],
    ['85C', '85C', '83–87', '101–103'],
  ],
  note: 'Обхват под грудью измеряйте на выдохе, сантиметр держите горизонтально.',
};

const SHOES: SizeChart = {
  title: 'Обувь',
  columns: ['Россия', 'Европа', 'США', 'Великобритания', 'Длина стопы, см'],
  rows: [
    ['35', '36', '5', '3', '22,5'],
    ['36', '37', '6', '4', '23,5'],
    ['37', '38', '7', '5', '24'],
    ['38', '39', '8', '6', '25'],
    ['39', '40', '9', '7', '25,5'],
    ['40', '41', '10', '8', '26,5'],
    ['41', '42', '11', '9', '27'],
  ],
  note: 'Измеряйте стопу вечером, от пятки до кончика большого пальца.',
};

const KIDS: SizeChart = {
  title: 'Детская одежда',
  columns: ['Рост, см', 'Возраст', 'Обхват груди, см', 'Обхват талии, см'],
  rows: [
    ['92', '2 года', '52', '51'],
    ['98', '3 года', '54', '52'],
    ['104', '4 года', '56', '53'],
    ['110', '5 лет', '58', '54'],
    ['116', '6 лет', '60', '55'],
    ['122', '7 лет', '62', '56'],
    ['128', '8 лет', '64', '57'],
    ['134', '9 лет', '66', '58'],
  ],
  note: 'Ориентируйтесь на рост ребёнка.',
};

const MEN: SizeChart = {
  title: 'Мужская одежда',
  columns: ['Россия', 'Международный', 'Европа', 'Обхват груди, см', 'Обхват талии, см'],
  rows: [
    ['44', 'XS', '44', '86–90', '74–78'],
    ['46', 'S', '46', '90–94', '78–82'],
    ['48', 'M', '48', '94–98', '82–86'],
    ['50', 'L', '50', '98–102', '86–90'],
    ['52', 'XL', '52', '102–106', '90–94'],
    ['54', 'XXL', '54', '106–110', '94–98'],
    ['56', '3XL', '56', '110–114', '98–102'],
  ],
  note: 'Если мерки попадают между размерами, выбирайте больший.',
};

/**
 * The chart for a product type (`products.type` of the API): shoes, bras, children's, men's, or
 * women's clothing and swimwear; null for goods without sizes (bags, sunglasses, jewellery…).
 */
export function sizeChartFor(type: string): SizeChart | null {
  if (['bag', 'hat', 'sunglasses', 'jewelry', 'scarf', 'men-accessory'].includes(type)) return null;
  if (['shoes', 'sandals', 'boots', 'men-shoes', 'kids-shoes'].includes(type)) return SHOES;
  if (type === 'bra') return BRA;
  if (type.startsWith('kids-')) return KIDS;
  if (type.startsWith('men-')) return MEN;
  return WOMEN;
}
