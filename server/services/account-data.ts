/**
 * The shopper's rights over their data (issue #29; docs/personal-data.md):
 * - {@link exportAccountData}: what the shop holds about the signed-in shopper — profile,
 *   addresses, orders with their lines, consents — for `GET /v1/my_data/` (152-ФЗ art. 14: the
 *   subject may obtain the data processed about them);
 * - {@link deleteAccount}: `POST /v1/delete_account/` (152-ФЗ art. 9 part 2 withdrawal and art. 21
 *   part 5: processing stops and the data are destroyed, except what another law makes the shop
 *   keep). Orders stay for accounting (402-ФЗ art. 29, НК РФ art. 23: five years), their contact
 *   fields anonymised; the account row stays as an anonymous shell (`deleted_at`), so orders,
 *   consents and the bonus history keep their references.
 */
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { MyDataExport } from '@/lib/api/contract/accounts';
import {
  authTokens,
  cartItems,
  consents,
  favorites,
  orderItems,
  orders,
  passwordResetTokens,
  promoCodeUses,
  subscriptionConfirmations,
  subscriptions,
  userAddresses,
  users,
  type OrderStatus,
} from '../db/schema';
import { ApiHttpError } from '../http';
import { listAddresses } from './addresses';
import { consentSubject, withdrawConsents } from './consent';
import type { UserRow } from './auth';
import type { Db } from '../db/client';

/** Statuses of an order that is finished: its contacts are no longer needed to deliver it. */
const FINISHED: readonly OrderStatus[] = ['delivered', 'cancelled', 'returned'];

/** The name that replaces a deleted shopper's name on their account and orders. */
export const DELETED_NAME = 'Аккаунт удалён';

/** Russian refusal while an order of the account is still on its way. */
export const OPEN_ORDER_MESSAGE = (number: string) =>
  `Заказ ${number} ещё в работе: удалить аккаунт можно после его получения или отмены. Если нужно срочно, напишите нам через форму помощи`;

/** Everything {@link MyDataExport} lists about `user`. */
export async function exportAccountData(db: Db, user: UserRow): Promise<MyDataExport> {
  const addresses = await listAddresses(db, user.id);
  const orderRows = await db.select().from(orders).where(eq(orders.userId, user.id)).orderBy(asc(orders.createdAt));
  const lines = orderRows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            orderRows.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderItems.id))
    : [];
  const consentRows = await db
    .select()
    .from(consents)
    .where(eq(consents.userId, user.id))
    .orderBy(asc(consents.givenAt), asc(consents.id));
  return {
    exported_at: new Date().toISOString(),
    profile: {
      id: user.id,
      last_name: user.lastName,
      first_name: user.firstName,
      middle_name: user.middleName,
      email: user.email,
      phone: user.phone,
      subscribed: user.subscribed,
      bonus_balance: user.bonusBalance,
      created_at: user.createdAt.toISOString(),
    },
    addresses: addresses.map((a) => ({ ...a })),
    orders: orderRows.map((o) => ({
      number: o.number,
      created_at: o.createdAt.toISOString(),
      status: o.status,
      total: o.total,
      contact: { fio: o.contactFio, email: o.contactEmail, phone: o.contactPhone },
      delivery_address: o.deliveryAddress,
      items: lines
        .filter((l) => l.orderId === o.id)
        .map((l) => ({ name: l.productName, size: l.sizeName, price: l.price, quantity: l.quantity })),
    })),
    consents: consentRows.map((c) => ({
      document: c.document,
      document_version: c.documentVersion,
      form: c.form,
      given_at: c.givenAt.toISOString(),
      withdrawn_at: c.withdrawnAt?.toISOString() ?? null,
      withdrawn_via: c.withdrawnVia,
    })),
  };
}

/**
 * Deletes the account of `user` at its owner's request, in one transaction (see the module
 * docstring and docs/personal-data.md "Deleting an account"): name, e-mail, phone, password hash
 * and VK link removed; addresses, favourites, the basket of `cartId` and the newsletter
 * subscription of the address deleted; login and reset tokens revoked; every consent withdrawn via
 * "account-deleted"; the contacts, street address and comment of the account's orders replaced.
 * @throws ApiHttpError 409 {@link OPEN_ORDER_MESSAGE} while an order is neither delivered, cancelled
 *   nor returned (its contacts are needed to deliver it; nothing is changed then).
 */
export async function deleteAccount(db: Db, user: UserRow, cartId: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [open] = await tx
      .select({ number: orders.number })
      .from(orders)
      .where(and(eq(orders.userId, user.id), notInArray(orders.status, [...FINISHED])))
      .limit(1);
    if (open) throw new ApiHttpError(409, OPEN_ORDER_MESSAGE(open.number));
    const now = new Date();
    const subjects = [consentSubject({ userId: user.id })];
    if (user.email) subjects.push(consentSubject({ email: user.email }));
    if (user.phone) subjects.push(consentSubject({ phone: user.phone }));
    await withdrawConsents(tx, { userId: user.id, subjects }, 'account-deleted');
    if (user.email) {
      await tx.delete(subscriptions).where(eq(subscriptions.email, user.email));
      await tx.delete(subscriptionConfirmations).where(eq(subscriptionConfirmations.email, user.email));
    }
    await tx.delete(favorites).where(eq(favorites.userId, user.id));
    if (cartId) await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
    await tx
      .update(authTokens)
      .set({ revokedAt: now })
      .where(and(eq(authTokens.userId, user.id), isNull(authTokens.revokedAt)));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx.delete(userAddresses).where(eq(userAddresses.userId, user.id));
    // Orders stay for accounting; who bought and where it went do not.
    await tx
      .update(orders)
      .set({
        contactFio: DELETED_NAME,
        contactEmail: '',
        contactPhone: '',
        comment: '',
        deliveryAddress: sql`coalesce(nullif(${orders.deliveryData} ->> 'city', ''), '')`,
        deliveryData: sql`${orders.deliveryData} - 'street' - 'house' - 'apartment' - 'postcode' - 'pickup_point'`,
        updatedAt: now,
      })
      .where(eq(orders.userId, user.id));
    // Promo limits remember the account, not its address and phone.
    await tx
      .update(promoCodeUses)
      .set({ customerKeys: [`user:${user.id}`] })
      .where(
        inArray(promoCodeUses.orderId, tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id))),
      );
    await tx
      .update(users)
      .set({
        email: null,
        phone: null,
        lastName: '',
        firstName: DELETED_NAME,
        middleName: '',
        passwordHash: null,
        vkId: null,
        subscribed: false,
        bonusBalance: 0,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
  });
}
