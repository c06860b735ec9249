/**
 * Seed of the accounts area: the regions and main cities of Russia (server/seed/locations.ts),
 * and a demo buyer with an address, favourites and two orders, so /profile and /history-order
 * have something to show on a fresh machine.
 *
 * Demo credentials (README): demo@lumiere.test / Demo12345.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client';
import { cities, favorites, orderItems, orders, orderStatusHistory, regions, userAddresses, users } from '../db/schema';
import { hashPassword } from '../services/auth';
import { productPath } from '../services/catalog';
import { buildLocations } from './locations';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Demo buyer of the seed. */
export const DEMO_USER = {
  email: 'demo@lumiere.test',
  password: 'Demo12345',
  lastName: 'Иванова',
  firstName: 'Анна',
  middleName: 'Сергеевна',
  phone: '+79161234567',
} as const;

type LineSource = {
  product_id: number;
  name: string;
  slug: string;
  price: string;
  brand: string;
  category_path: string;
  offer_id: number;
  color: string;
  feature_id: number | null;
  size: string | null;
  image: string | null;
};

/**
 * Inserts regions, cities and, in demo mode only (issue #12: its password is published), the demo
 * user with orders. @returns inserted row counts.
 */
export async function seedAccounts(
  tx: Tx,
  demo: boolean,
): Promise<{ regions: number; cities: number; orders: number }> {
  const loc = buildLocations();
  await tx.insert(regions).values(loc.regions);
  await tx.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('regions', 'id'), ${loc.regions.length}, true)`));
  const cityRows = await tx
    .insert(cities)
    .values(loc.cities)
    .returning({ id: cities.id, name: cities.name, regionId: cities.regionId });
  if (!demo) return { regions: loc.regions.length, cities: cityRows.length, orders: 0 };

  const [user] = await tx
    .insert(users)
    .values({
      email: DEMO_USER.email,
      phone: DEMO_USER.phone,
      lastName: DEMO_USER.lastName,
      firstName: DEMO_USER.firstName,
      middleName: DEMO_USER.middleName,
      passwordHash: await hashPassword(DEMO_USER.password),
      subscribed: true,
      bonusBalance: 750,
      createdAt: new Date('2025-03-01T10:00:00Z'),
    })
    .returning();
  const moscow = cityRows.find((c) => c.name === 'Москва')!;
  await tx.insert(userAddresses).values({
    userId: user!.id,
    regionId: moscow.regionId,
    cityId: moscow.id,
    street: 'ул. Тверская',
    house: '12',
    apartment: '45',
    postcode: '125009',
    isMain: true,
  });

  const sources = await rows<LineSource>(
    tx,
    sql`
    select p.id as product_id, p.name, p.slug, p.price, b.name as brand, c.path as category_path,
           o.id as offer_id, col.name as color,
           (select f.id from offer_features f where f.offer_id = o.id order by f.sort, f.id limit 1) as feature_id,
           (select f.name from offer_features f where f.offer_id = o.id order by f.sort, f.id limit 1) as size,
           (select i.url from product_images i where i.product_id = p.id order by i.is_main desc, i.sort, i.id limit 1) as image
    from products p
    join brands b on b.id = p.brand_id
    join categories c on c.id = p.category_id
    join offers o on o.id = (select min(o2.id) from offers o2 where o2.product_id = p.id)
    join colors col on col.id = o.color_id
    order by p.id limit 3`,
  );
  if (sources.length === 0) return { regions: loc.regions.length, cities: cityRows.length, orders: 0 };

  await tx.insert(favorites).values(sources.slice(0, 2).map((s) => ({ userId: user!.id, productId: s.product_id })));

  const plans = [
    {
      number: 'LM-000101',
      lines: sources.slice(0, 2),
      status: 'delivered' as const,
      at: '2025-04-12T09:30:00Z',
      delivery: 'courier',
      cost: 0,
      pay: 'card',
    },
    {
      number: 'LM-000102',
      lines: sources.slice(2, 3).length ? sources.slice(2, 3) : sources.slice(0, 1),
      status: 'shipped' as const,
      at: '2025-06-02T15:10:00Z',
      delivery: 'cdek',
      cost: 350,
      pay: 'card',
    },
  ];
  for (const plan of plans) {
    const itemsTotal = plan.lines.reduce((sum, l) => sum + Number(l.price), 0);
    const created = new Date(plan.at);
    const [order] = await tx
      .insert(orders)
      .values({
        number: plan.number,
        userId: user!.id,
        status: plan.status,
        contactFio: `${DEMO_USER.lastName} ${DEMO_USER.firstName} ${DEMO_USER.middleName}`,
        contactEmail: DEMO_USER.email,
        contactPhone: DEMO_USER.phone,
        deliveryMethod: plan.delivery,
        deliveryAddress:
          plan.delivery === 'courier'
            ? '125009, г. Москва, ул. Тверская, д. 12, кв. 45'
            : 'г. Москва, пункт выдачи СДЭК, ул. Новый Арбат, д. 15',
        deliveryCost: plan.cost,
        paymentMethod: plan.pay,
        paymentStatus: 'paid',
        itemsTotal,
        total: itemsTotal + plan.cost,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      plan.lines.map((l) => ({
        orderId: order!.id,
        productId: l.product_id,
        offerId: l.offer_id,
        featureId: l.feature_id,
        productName: l.name,
        brandName: l.brand,
        colorName: l.color,
        sizeName: l.size ?? '',
        image: l.image ?? '',
        fullPathOffer: productPath(l.category_path, l.product_id, l.slug),
        price: Number(l.price),
        quantity: 1,
      })),
    );
    const steps =
      plan.status === 'delivered'
        ? (['new', 'paid', 'assembling', 'shipped', 'delivered'] as const)
        : (['new', 'paid', 'assembling', 'shipped'] as const);
    await tx.insert(orderStatusHistory).values(
      steps.map((status, i) => ({
        orderId: order!.id,
        status,
        createdAt: new Date(created.getTime() + i * 86_400_000),
      })),
    );
  }
  return { regions: loc.regions.length, cities: cityRows.length, orders: plans.length };
}
