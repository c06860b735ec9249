/**
 * The shop's stores and delivery settings (issue #34), seeded with what its pages said before they
 * became records: the Moscow showroom and the St Petersburg store take pickup orders (the two
 * cities of the shop's own courier and fitting service), the seasonal Sochi store does not (its
 * assortment differs from the site's, /address says so). Databases seeded before these records
 * existed get them at start, and their unedited info pages get the texts that read them.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { infoPages, shopSettings, shopStores } from '../db/schema';
import { DEFAULT_DELIVERY_SETTINGS } from '../services/delivery/terms';
import { INFO_PAGES } from './content-pages';
import type { Db } from '../db/client';

type Tx = Pick<Db, 'insert' | 'select' | 'update'>;

/** The demo shop's stores, in page order. */
export const DEMO_STORES: ReadonlyArray<typeof shopStores.$inferInsert> = [
  {
    sort: 1,
    city: 'Москва',
    name: 'шоурум',
    address: 'Пресненская наб., д. 10, стр. 2, БЦ «Башня на набережной», этаж 5, офис 512',
    directions: 'Метро «Выставочная» или «Деловой центр», 5 минут пешком.',
    hours: 'Ежедневно с 10:00 до 22:00',
    phone: '+7 (495) 123-45-67',
    pickup: true,
    pickupDaysMin: 1,
    pickupDaysMax: 2,
  },
  {
    sort: 2,
    city: 'Санкт-Петербург',
    name: 'ТРЦ «Галерея»',
    address: 'Лиговский пр., д. 30А, 2 этаж',
    directions: 'Метро «Площадь Восстания».',
    hours: 'Ежедневно с 10:00 до 23:00',
    phone: '+7 (812) 765-43-21',
    pickup: true,
    pickupDaysMin: 2,
    pickupDaysMax: 3,
  },
  {
    sort: 3,
    city: 'Сочи',
    name: 'ТРЦ «МореМолл»',
    address: 'ул. Новая Заря, д. 7, 1 этаж',
    directions: '',
    hours: 'Ежедневно с 10:00 до 22:00, в сезон (июнь — сентябрь) до 23:00',
    phone: '+7 (862) 555-12-34',
    pickup: false,
    pickupDaysMin: 0,
    pickupDaysMax: 0,
  },
];

/** Writes the demo stores and the default delivery settings. */
export async function seedShop(tx: Tx): Promise<void> {
  await tx.insert(shopStores).values([...DEMO_STORES]);
  await tx.insert(shopSettings).values({ id: 1, delivery: DEFAULT_DELIVERY_SETTINGS }).onConflictDoNothing();
}

/**
 * sha256 of the info page bodies seeded before issue #34 (they stated prices, addresses and payment
 * on delivery as fixed text). A page whose body is still exactly one of them was never edited by
 * the owner and is replaced by today's seeded body; an edited page is left alone.
 */
const PAGES_BEFORE_TERMS: Record<string, string> = {
  about: '1c67eb04006cc4d72ae0e27e1cf4aa6dad9e1e8eff222704d21564f72f72c8d8',
  address: 'cdef027009eb88f934ad1044632bb0a955a36da1e10d3e3985c0a48763099a6a',
  contacts: '2a06c39c838911c01540f0b0a79e8f8edc1890b33278c03339e2c5dcb423069d',
  'delivery-and-payments': 'baa4344f8f812a521caf2f4c888fceeec1ed6427a330f056de71b46899fbfc02',
  'publick-offer': '4972d3249886904b7f8bd7732615b3cc998db8c82cf54729b80afa0ca894d125',
};

/**
 * For a database seeded before issue #34 (no settings row yet): the demo stores (when it has none)
 * and the default settings, and today's texts of its unedited info pages. Idempotent; `seedDatabase`
 * runs it at every start.
 * @returns whether it wrote the records.
 */
export async function ensureShopRecords(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [settings] = await tx.select({ id: shopSettings.id }).from(shopSettings).where(eq(shopSettings.id, 1));
    if (settings) return false;
    const [store] = await tx.select({ id: shopStores.id }).from(shopStores).limit(1);
    if (!store) await tx.insert(shopStores).values([...DEMO_STORES]);
    await tx.insert(shopSettings).values({ id: 1, delivery: DEFAULT_DELIVERY_SETTINGS }).onConflictDoNothing();
    for (const page of INFO_PAGES) {
      const before = PAGES_BEFORE_TERMS[page.path];
      if (!before) continue;
      const [row] = await tx.select({ body: infoPages.body }).from(infoPages).where(eq(infoPages.path, page.path));
      if (row && createHash('sha256').update(row.body).digest('hex') === before)
        await tx
          .update(infoPages)
          .set({ body: page.body, description: page.description, updatedAt: new Date() })
          .where(eq(infoPages.path, page.path));
    }
    return true;
  });
}
