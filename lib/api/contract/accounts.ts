/**
 * Accounts contract (spec §3 User and Registration payload, §7 Auth and user, Subscription,
 * Locations, §8 error catalogue). Requests reuse the spec §5 rules of lib/validation/auth.ts, so
 * the popups and the API refuse the same input with the same Russian messages.
 *
 * Tokens: `data.token` of /v1/auth/, /v1/sign_in/, the social exchange and rest-auth login is a
 * three-part token `v1.{base64url JSON {exp, uid}}.{secret}`; spec §5's expiry check reads `exp`.
 */
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '@/lib/messages/accounts';
import {
  completeFullNameSchema,
  emailSchema,
  fullNameSchema,
  normalizePhone,
  passwordSchema,
  PASSWORD_MAX_LENGTH,
} from '@/lib/validation/auth';
import { intId, safeString } from './common';
import { ConsentFields } from './consent';

/** Optional phone on the wire: "" / absent, or any form normalizePhone accepts → "+7XXXXXXXXXX". */
export const PhoneInput = safeString()
  .max(32, ACCOUNT_MESSAGES.phoneIncomplete)
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value.trim() === '' || value.trim() === '+7') return null;
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.phoneIncomplete });
      return z.NEVER;
    }
    return phone;
  });

/** A user (spec §3 User). `second_name` mirrors `middle_name` (spec: "shown as second_name"). */
export const User = z
  .object({
    id: z.number().int(),
    /** "Имя Фамилия" as shown in the header (spec §2 Layout). */
    name: z.string(),
    /** "Фамилия Имя Отчество". */
    full_name: z.string(),
    last_name: z.string(),
    first_name: z.string(),
    middle_name: z.string(),
    second_name: z.string(),
    /** Null for a social login without e-mail: the write-in popup asks for it (spec §4). */
    email: z.string().nullable(),
    phone: z.string().nullable(),
    subscribed: z.boolean(),
    /** Bonus points of a registered buyer (spec §1, §6), whole rubles. */
    bonus_balance: z.number().int(),
    /** True when the user has a password (false after a social-only login). */
    has_password: z.boolean(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** Answer of /v1/get_user/ and of every call that changes the user. */
export const UserResponse = z.object({ status: z.literal('success'), user: User }).meta({ id: 'UserResponse' });
export type UserResponse = z.infer<typeof UserResponse>;

/** Answer of a successful login or registration: `data.token` (spec §7). */
export const TokenResponse = z
  .object({
    status: z.literal('success'),
    data: z.object({
      token: z.string(),
      /** ISO time the token stops working. */
      expires_at: z.string(),
    }),
    user: User,
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof TokenResponse>;

/** rest-auth login answer (dj-rest-auth style `key`, plus `data.token` like /v1/auth/). */
export const RestAuthLoginResponse = TokenResponse.extend({ key: z.string() }).meta({ id: 'RestAuthLoginResponse' });

/** `{status: "success", message}` of calls with nothing else to say. */
export const OkResponse = z.object({ status: z.literal('success'), message: z.string() }).meta({ id: 'OkResponse' });
export type OkResponse = z.infer<typeof OkResponse>;

const passwordPair = { password_one: passwordSchema, password_two: z.string().max(PASSWORD_MAX_LENGTH) };

/** POST /v1/sign_in/ (spec §3 Registration payload). `name` (first name) is optional. */
export const SignInBody = z
  .object({
    name: safeString().max(150, ACCOUNT_MESSAGES.nameTooLong).optional(),
    full_name: fullNameSchema,
    email: emailSchema,
    phone: PhoneInput,
    ...passwordPair,
    /** Complete-registration popup: each name part longer than 2 (spec §5). */
    complete: z.boolean().optional(),
    /** Issue #29: the required personal data box and the optional advertising box. */
    ...ConsentFields,
  })
  .refine((b) => b.password_one === b.password_two, {
    path: ['password_two'],
    message: ACCOUNT_MESSAGES.passwordsDiffer,
  })
  .refine((b) => !b.complete || completeFullNameSchema.safeParse(b.full_name).success, {
    path: ['full_name'],
    message: ACCOUNT_MESSAGES.namePartsLength,
  })
  .meta({ id: 'SignInBody' });
export type SignInBody = z.input<typeof SignInBody>;

/** POST /v1/auth/ (spec §7: {username, password}). */
export const AuthBody = z
  .object({
    username: safeString({ error: ACCOUNT_MESSAGES.emailRequired }).max(254, ACCOUNT_MESSAGES.emailInvalid),
    password: z
      .string({ error: ACCOUNT_MESSAGES.passwordRequired })
      .min(1, ACCOUNT_MESSAGES.passwordRequired)
      .max(PASSWORD_MAX_LENGTH),
  })
  .meta({ id: 'AuthBody' });

/** POST /api/v1/rest-auth/login/ (the auth library: email or username + password). */
export const RestAuthLoginBody = z
  .object({
    email: safeString().max(254).optional(),
    username: safeString().max(254).optional(),
    password: z
      .string({ error: ACCOUNT_MESSAGES.passwordRequired })
      .min(1, ACCOUNT_MESSAGES.passwordRequired)
      .max(PASSWORD_MAX_LENGTH),
  })
  .refine((b) => Boolean(b.email || b.username), { path: ['email'], message: ACCOUNT_MESSAGES.emailRequired })
  .meta({ id: 'RestAuthLoginBody' });

/** PUT /v1/changeinfo/: any of the personal fields; `full_name` is split like registration. */
export const ChangeInfoBody = z
  .object({
    full_name: fullNameSchema.optional(),
    last_name: safeString().trim().min(1).max(50, ACCOUNT_MESSAGES.nameTooLong).optional(),
    first_name: safeString().trim().min(1).max(50, ACCOUNT_MESSAGES.nameTooLong).optional(),
    middle_name: safeString().trim().max(50, ACCOUNT_MESSAGES.nameTooLong).optional(),
    email: emailSchema.optional(),
    phone: PhoneInput,
    subscribed: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'ChangeInfoBody' });
export type ChangeInfoBody = z.input<typeof ChangeInfoBody>;

/** POST /v1/reset/ (spec §7). */
export const ResetBody = z.object({ email: emailSchema }).meta({ id: 'ResetBody' });

/** POST /v1/reset/complite/ (spec §7, path spelled as the spec writes it). */
export const ResetCompleteBody = z
  .object({
    ...passwordPair,
    token: safeString().min(1, ACCOUNT_MESSAGES.resetTokenInvalid).max(200, ACCOUNT_MESSAGES.resetTokenInvalid),
  })
  .refine((b) => b.password_one === b.password_two, {
    path: ['password_two'],
    message: ACCOUNT_MESSAGES.passwordsDiffer,
  })
  .meta({ id: 'ResetCompleteBody' });
export type ResetCompleteBody = z.input<typeof ResetCompleteBody>;

/** A region (federal subject) of Russia. */
export const Region = z.object({ id: z.number().int(), name: z.string(), code: z.string() }).meta({ id: 'Region' });
export type Region = z.infer<typeof Region>;

/** A city with its region. */
export const City = z
  .object({
    id: z.number().int(),
    name: z.string(),
    region_id: z.number().int(),
    region: z.string(),
    is_capital: z.boolean(),
  })
  .meta({ id: 'City' });
export type City = z.infer<typeof City>;

/** Query `data` (JSON) of GET /v1/regions/ and /v1/cities/ (spec §7 Locations). */
export const LocationQuery = z
  .object({
    search: safeString().max(100).optional(),
    region_id: intId('Выберите регион').optional(),
    limit: z.number().int().min(1).max(500).optional(),
  })
  .strict()
  .meta({ id: 'LocationQuery' });

export const RegionsResponse = z
  .object({ status: z.literal('success'), results: z.array(Region) })
  .meta({ id: 'RegionsResponse' });
export const CitiesResponse = z
  .object({ status: z.literal('success'), results: z.array(City) })
  .meta({ id: 'CitiesResponse' });

/** A delivery address of the user. */
export const Address = z
  .object({
    id: z.number().int(),
    region: Region.pick({ id: true, name: true }).nullable(),
    city: City.pick({ id: true, name: true }).nullable(),
    street: z.string(),
    house: z.string(),
    apartment: z.string(),
    postcode: z.string(),
    comment: z.string(),
    is_main: z.boolean(),
    /** One line for display: "Москва, ул. Тверская, д. 1, кв. 5". */
    full_address: z.string(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof Address>;

export const AddressesResponse = z
  .object({ status: z.literal('success'), results: z.array(Address) })
  .meta({ id: 'AddressesResponse' });
export type AddressesResponse = z.infer<typeof AddressesResponse>;

const text = (max: number, required?: string) =>
  required
    ? safeString({ error: required }).trim().min(1, required).max(max, `Не длиннее ${max} символов`)
    : safeString().trim().max(max, `Не длиннее ${max} символов`);

/** POST /v1/user_address/ (new address). */
export const AddressBody = z
  .object({
    region_id: intId('Выберите регион'),
    city_id: intId('Выберите город'),
    street: text(200, 'Укажите улицу'),
    house: text(20, 'Укажите дом'),
    apartment: text(20).default(''),
    postcode: z
      .string()
      .trim()
      .regex(/^(\d{6})?$/, 'Индекс — 6 цифр')
      .default(''),
    comment: text(500).default(''),
    is_main: z.boolean().default(false),
  })
  .strict()
  .meta({ id: 'AddressBody' });
export type AddressBody = z.input<typeof AddressBody>;

/** PUT /v1/user_address/: `id` plus the fields to change. */
export const AddressUpdateBody = AddressBody.partial()
  .extend({ id: intId('Не указан адрес') })
  .strict()
  .meta({ id: 'AddressUpdateBody' });

/** POST /v1/user_address_delete/. */
export const AddressDeleteBody = z.object({ id: intId('Не указан адрес') }).meta({ id: 'AddressDeleteBody' });

/** POST login/social/token_user/{provider}/ (spec §7: provider code, clientId, redirectUri). */
export const SocialExchangeBody = z
  .object({
    code: safeString().min(1).max(2000),
    clientId: safeString().max(100).optional(),
    redirectUri: safeString().url().max(500),
    /** PKCE verifier of VK ID, when the client used PKCE. */
    codeVerifier: safeString().max(200).optional(),
    deviceId: safeString().max(200).optional(),
    state: safeString().max(200).optional(),
  })
  .meta({ id: 'SocialExchangeBody' });
export type SocialExchangeBody = z.input<typeof SocialExchangeBody>;

/** GET /v1/social/providers/: which social logins are configured (buttons hidden otherwise). */
export const SocialProvidersResponse = z
  .object({
    status: z.literal('success'),
    providers: z.array(z.object({ provider: z.enum(['vk']), client_id: z.string(), authorize_url: z.string() })),
  })
  .meta({ id: 'SocialProvidersResponse' });
export type SocialProvidersResponse = z.infer<typeof SocialProvidersResponse>;

/**
 * Issue #29 (152-ФЗ art. 14): what `GET /v1/my_data/` hands the signed-in shopper as a JSON file:
 * the profile, addresses, orders with their lines and the consents given and withdrawn.
 */
export const MyDataExport = z
  .object({
    exported_at: z.string(),
    profile: z.object({
      id: z.number().int(),
      last_name: z.string(),
      first_name: z.string(),
      middle_name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      subscribed: z.boolean(),
      bonus_balance: z.number(),
      created_at: z.string(),
    }),
    addresses: z.array(z.record(z.string(), z.unknown())),
    orders: z.array(
      z.object({
        number: z.string(),
        created_at: z.string(),
        status: z.string(),
        total: z.number(),
        contact: z.object({ fio: z.string(), email: z.string(), phone: z.string() }),
        delivery_address: z.string(),
        items: z.array(z.object({ name: z.string(), size: z.string(), price: z.number(), quantity: z.number() })),
      }),
    ),
    consents: z.array(
      z.object({
        document: z.string(),
        document_version: z.string(),
        form: z.string(),
        given_at: z.string(),
        withdrawn_at: z.string().nullable(),
        withdrawn_via: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'MyDataExport' });
export type MyDataExport = z.infer<typeof MyDataExport>;
