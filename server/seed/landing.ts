/**
 * Demo landing pages (spec §7 `GET /v1/landing_page/{slug}`): deterministic, Russian, each a saved
 * filter over the catalogue. Inserted by `seedDatabase` inside its transaction.
 */
import { landingPages } from '../db/schema';

type LandingRow = typeof landingPages.$inferInsert;

/** The seeded landing pages (slug → /landing/{slug} on the storefront). */
export const LANDING_PAGES: LandingRow[] = [
  {
    slug: 'kupalniki-dlya-otpuska',
    title: 'Купальники для отпуска',
    h1: 'Купальники для отпуска',
    description: 'Купальники и пляжная одежда для отпуска у моря: раздельные и слитные модели, доставка по России.',
    text: 'Собрали купальники, в которых удобно плавать, загорать и гулять по набережной.',
    categoryPath: 'kupalniki',
    filter: {},
    sort: 1,
  },
  {
    slug: 'maaji',
    title: 'Maaji: яркие купальники из Колумбии',
    h1: 'Maaji — яркие купальники',
    description: 'Купальники и пляжная одежда Maaji: двусторонние модели, яркие принты.',
    text: 'Колумбийский бренд Maaji известен двусторонними купальниками с яркими принтами.',
    categoryPath: null,
    filter: { brands: ['maaji'] },
    sort: 2,
  },
  {
    slug: 'skidki-na-obuv',
    title: 'Обувь со скидкой',
    h1: 'Обувь со скидкой',
    description: 'Туфли, сандалии и ботинки со скидкой: успейте купить по выгодной цене.',
    text: 'Обувь прошлых коллекций по сниженным ценам.',
    categoryPath: 'obuv',
    filter: { sale: true },
    sort: 3,
  },
  {
    slug: 'novinki-odezhdy',
    title: 'Новинки одежды',
    h1: 'Новая одежда сезона',
    description: 'Новые платья, топы, брюки и верхняя одежда этого сезона.',
    text: 'Всё, что пришло в магазин за последний месяц.',
    categoryPath: 'odezhda',
    filter: { new: true },
    sort: 4,
  },
];
