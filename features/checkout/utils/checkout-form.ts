/**
 * The checkout form's values and its zod schema (issue #17 item 4: one react-hook-form form for
 * every section of /basket/delivery), built from the account forms' rules in lib/validation so both
 * say the same (issue #14 item 14; spec §5): ФИО of at least two words, the e-mail pattern with the
 * account forms' message, the phone mask `+7(###)-###-##-##` complete. Delivery: a city; for the
 * courier a street and a house; for "В пункт выдачи СДЭК" a chosen pickup point.
 */
import { z } from 'zod';
import { DELIVERY_METHODS, PickupPoint } from '@/lib/api/contract/checkout';
import { ACCOUNT_MESSAGES } from '@/lib/messages/accounts';
import { CONSENT_TEXTS } from '@/lib/messages/consent';
import { emailSchema, fullNameSchema, isPhoneComplete } from '@/lib/validation/auth';

/** Messages of the checkout's own checks (the contact ones come from lib/messages/accounts.ts). */
export const CHECKOUT_MESSAGES = {
  city: 'Выберите город',
  street: 'Укажите улицу',
  house: 'Укажите дом',
  pickupPoint: 'Выберите пункт выдачи',
  /** Shown beside the submit button while any field is marked; gone once they are fixed. */
  checkFields: 'Проверьте выделенные поля',
  comment: 'Комментарий не длиннее 1000 символов',
} as const;

/** Contact of an order or of an anonymous checkout (spec §3 Anonymous checkout data: fio, email, phone). */
export const checkoutContactSchema = z.object({
  fio: fullNameSchema,
  email: emailSchema,
  /** Required here (an order needs a phone for the courier), unlike registration. */
  phone: z.string().trim().refine(isPhoneComplete, ACCOUNT_MESSAGES.phoneIncomplete),
});
export type CheckoutContactForm = z.input<typeof checkoutContactSchema>;

/** The values of the whole checkout form. Ids are numbers, 0 = nothing chosen yet. */
export type CheckoutFormValues = {
  contact: CheckoutContactForm;
  regionId: number;
  cityId: number;
  method: (typeof DELIVERY_METHODS)[number];
  address: { street: string; house: string; apartment: string; postcode: string };
  pickupPoint: PickupPoint | null;
  /** Method "pickup" in a city of several pickup stores: the chosen store's id (issue #34). */
  storeId?: number;
  giftCode: string;
  comment: string;
  /** Issue #29: how the rest is paid online: a bank card or СБП (when the provider takes it). */
  onlineMethod: 'card' | 'sbp';
  /** Issue #29: the consent boxes (personal data: required of a guest; advertising: optional). */
  consent: { personalData: boolean; advertising: boolean };
};

/**
 * The schema of {@link CheckoutFormValues}. `needsDelivery` is false when the basket holds only a
 * gift certificate (nothing to deliver: no city, address or point is asked); `guest` requires the
 * personal data consent box (issue #29).
 */
export function checkoutFormSchema(needsDelivery: boolean, guest = false) {
  return z
    .object({
      contact: checkoutContactSchema,
      regionId: z.number(),
      cityId: z.number(),
      method: z.enum(DELIVERY_METHODS),
      address: z.object({
        street: z.string().trim().max(200),
        house: z.string().trim().max(50),
        apartment: z.string().trim().max(50),
        postcode: z.string().trim().max(10),
      }),
      pickupPoint: PickupPoint.nullable(),
      storeId: z.number().optional(),
      giftCode: z.string(),
      comment: z.string().trim().max(1000, CHECKOUT_MESSAGES.comment),
      onlineMethod: z.enum(['card', 'sbp']),
      consent: z.object({ personalData: z.boolean(), advertising: z.boolean() }),
    })
    .superRefine((v, ctx) => {
      // Issue #29 (152-ФЗ art. 9): a guest ticks the box; a signed-in shopper consented at registration.
      if (guest && !v.consent.personalData)
        ctx.addIssue({
          code: 'custom',
          path: ['consent', 'personalData'],
          message: CONSENT_TEXTS.personalDataRequired,
        });
      if (!needsDelivery) return;
      if (v.cityId <= 0) ctx.addIssue({ code: 'custom', path: ['cityId'], message: CHECKOUT_MESSAGES.city });
      if (v.method === 'courier') {
        if (!v.address.street.trim())
          ctx.addIssue({ code: 'custom', path: ['address', 'street'], message: CHECKOUT_MESSAGES.street });
        if (!v.address.house.trim())
          ctx.addIssue({ code: 'custom', path: ['address', 'house'], message: CHECKOUT_MESSAGES.house });
      }
      if (v.method === 'cdek' && !v.pickupPoint)
        ctx.addIssue({ code: 'custom', path: ['pickupPoint'], message: CHECKOUT_MESSAGES.pickupPoint });
    });
}

/** Where a server field error (`contact.fio`, `delivery.street`, …) belongs in the form, or null. */
export function formFieldOfServerError(key: string): string | null {
  if (/^contact\.(fio|email|phone)$/.test(key)) return key;
  const delivery: Record<string, string> = {
    'delivery.city_id': 'cityId',
    'delivery.street': 'address.street',
    'delivery.house': 'address.house',
    'delivery.apartment': 'address.apartment',
    'delivery.postcode': 'address.postcode',
    'delivery.pickup_point': 'pickupPoint',
    'delivery.store_id': 'storeId',
    comment: 'comment',
    personal_data_consent: 'consent.personalData',
  };
  return delivery[key] ?? null;
}

/** "+79161234567" → "+7(916)-123-45-67" (spec §5 mask); anything else gives "". */
export function maskPhone(phone: string | null | undefined): string {
  const d = (phone ?? '').replace(/\D/g, '');
  if (d.length !== 11) return '';
  return `+7(${d.slice(1, 4)})-${d.slice(4, 7)}-${d.slice(7, 9)}-${d.slice(9, 11)}`;
}

/** The order's text of a chosen point: "name, address (код CODE)" (DeliveryInput.pickup_point). */
export function pickupPointText(point: Pick<PickupPoint, 'code' | 'name' | 'address'>): string {
  return `${point.name}, ${point.address} (код ${point.code})`;
}
