/**
 * Basket contract (spec §7 Cart, §3 Cart item, §4 Basket): every answer is `{status, cart}` and
 * only `status: "success"` updates the basket.
 */
import { z } from 'zod';
import { BrandRef, Color, Image } from './catalog';
import { Rubles, intId, safeString } from './common';

export const FeatureRef = z.object({ id: z.number().int(), ext_id: z.string(), name: z.string() });
export type FeatureRef = z.infer<typeof FeatureRef>;

export const CartItem = z
  .object({
    item_uuid: z.string().uuid(),
    quantity: z.number().int().min(1),
    /** Rubles for one piece, current catalogue price. */
    price: Rubles,
    old_price: Rubles.nullable(),
    product: z.object({
      id: z.number().int(),
      name: z.string(),
      brand: BrandRef,
      price: Rubles,
      images: z.array(Image),
      full_path_offer: z.string(),
    }),
    offer: z.object({ id: z.number().int(), ext_id: z.string(), color: Color }),
    feature: FeatureRef.nullable(),
    featuretop: FeatureRef.nullable(),
    featurebot: FeatureRef.nullable(),
    /** Pieces of the chosen size(s) in stock. */
    stock: z.number().int(),
    /** False when a chosen size is sold out or gone (spec §5 basket). */
    available: z.boolean(),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof CartItem>;

export const Cart = z
  .object({
    id: z.string().nullable(),
    items: z.array(CartItem),
    /** Number of lines (spec §9). */
    count: z.number().int(),
    /** Sum of price × quantity, rubles (spec §9). */
    total: Rubles,
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof Cart>;

export const CartResponse = z.object({ status: z.literal('success'), cart: Cart }).meta({ id: 'CartResponse' });
export type CartResponse = z.infer<typeof CartResponse>;

const extId = safeString().min(1).max(100);

/** POST /v2/cart/: the offer data of the chosen colour and size(s). */
export const AddToCartBody = z
  .object({
    offer: intId('Выберите товар'),
    /** ext_id of the size (one-piece goods). */
    feature: extId.optional(),
    /** ext_id of the top size (swimwear separates). */
    featuretop: extId.optional(),
    /** ext_id of the bottom size (swimwear separates). */
    featurebot: extId.optional(),
    quantity: z
      .number({ error: 'Количество должно быть числом' })
      .int('Количество должно быть целым')
      .min(1, 'Количество не может быть меньше 1')
      .max(99, 'Количество не может быть больше 99')
      .default(1),
  })
  .strict()
  .meta({ id: 'AddToCartBody' });
export type AddToCartBody = z.infer<typeof AddToCartBody>;

/** PUT /v2/cart/{item_uuid}/: quantity is the new total (spec §7). */
export const UpdateCartItemBody = z
  .object({
    quantity: z
      .number({ error: 'Количество должно быть числом' })
      .int('Количество должно быть целым')
      .min(1, 'Количество не может быть меньше 1')
      .max(99, 'Количество не может быть больше 99'),
  })
  .strict()
  .meta({ id: 'UpdateCartItemBody' });

export const ItemUuidParam = z.object({
  item_uuid: z.string().uuid('Неизвестная позиция корзины'),
});
