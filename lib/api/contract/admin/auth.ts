/**
 * The operator console's auth and staff shapes (issue #32, the console API contract "Auth",
 * "Roles", resources `staff` and `audit-log`). Records are camelCase with an `id` for
 * react-admin's `ra-data-simple-rest`. Every message is Russian.
 */
import { z } from 'zod';
import { safeString } from '../common';

/** Roles of the console: owner (everything), manager (orders, promotions, people), editor (content). */
export const StaffRoleSchema = z.enum(['owner', 'manager', 'editor'], {
  error: 'Роль: owner, manager или editor',
});
export type StaffRoleValue = z.infer<typeof StaffRoleSchema>;

/** Russian messages of the console's guard and auth routes. */
export const ADMIN_MESSAGES = {
  unauthorized: 'Войдите в консоль',
  forbidden: 'Недостаточно прав',
  csrf: 'Запрос отклонён: нет заголовка X-Admin-Request',
  totpSetupRequired: 'Владельцу нужно включить двухфакторную аутентификацию: откройте «Профиль» → «Настроить TOTP»',
  loginFailed: 'Неверный логин или пароль',
  totpRequired: 'Введите код из приложения-аутентификатора',
  totpWrong: 'Неверный код из приложения-аутентификатора',
  throttled: 'Слишком много попыток входа. Попробуйте через 15 минут',
  totpNotSetUp: 'Сначала получите секрет: «Настроить TOTP»',
  totpAlreadyEnabled: 'Двухфакторная аутентификация уже включена',
  passwordWrong: 'Текущий пароль неверен',
  loginTaken: 'Этот логин уже занят',
  lastOwner: 'Нельзя отключить или понизить последнего владельца',
  notFound: 'Запись не найдена',
} as const;

const password = (label: string) =>
  safeString({ error: `Поле «${label}» должно быть строкой` })
    .min(1, `Заполните поле «${label}»`)
    .max(200, `Поле «${label}»: не более 200 символов`);

/** A new password: 10–200 characters (OWASP ASVS 5.0 §6.2.1 asks at least 8; staff get more). */
export const NewPassword = safeString({ error: 'Пароль должен быть строкой' })
  .min(10, 'Пароль: не короче 10 символов')
  .max(200, 'Пароль: не длиннее 200 символов');

/** A login: 3–40 latin letters, digits, ".", "_" or "-"; stored lowercased. */
export const StaffLogin = safeString({ error: 'Логин должен быть строкой' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,40}$/, 'Логин: 3–40 латинских букв, цифр, «.», «_» или «-»');

/** A six-digit TOTP code. */
export const TotpCode = safeString({ error: 'Код должен быть строкой' })
  .trim()
  .regex(/^\d{6}$/, 'Код: шесть цифр');

/** `POST /api/admin/auth/login`. */
export const AdminLoginBody = z.object({
  login: safeString({ error: 'Заполните логин' }).trim().min(1, 'Заполните логин').max(100, 'Логин слишком длинный'),
  password: password('Пароль'),
  totp: TotpCode.optional(),
});

/** The logged-in staff member (login, me). */
export const AdminMe = z
  .object({
    id: z.number().int(),
    login: z.string(),
    name: z.string(),
    role: StaffRoleSchema,
    totpEnabled: z.boolean(),
  })
  .meta({ id: 'AdminMe' });
export type AdminMe = z.infer<typeof AdminMe>;

/** 401 of the login: `totpRequired` when the password was right and the second factor is needed. */
export const AdminLoginError = z.object({ message: z.string(), totpRequired: z.boolean().optional() });

/** `POST /api/admin/auth/totp/setup` → a new secret (not active until enabled with a code). */
export const TotpSetup = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });

/** `POST /api/admin/auth/totp/enable`. */
export const TotpEnableBody = z.object({ code: TotpCode });

/** `POST /api/admin/auth/password`. */
export const PasswordChangeBody = z.object({ current: password('Текущий пароль'), next: NewPassword });

/** `{ok: true}`. */
export const AdminOk = z.object({ ok: z.literal(true) });

/** A staff record of the `staff` resource. */
export const StaffRecord = z
  .object({
    id: z.number().int(),
    login: z.string(),
    name: z.string(),
    role: StaffRoleSchema,
    totpEnabled: z.boolean(),
    disabled: z.boolean(),
    createdAt: z.string(),
    /** The last successful login (from the audit log), or null. */
    lastLoginAt: z.string().nullable().optional(),
  })
  .meta({ id: 'StaffRecord' });
export type StaffRecord = z.infer<typeof StaffRecord>;

const staffName = safeString({ error: 'Имя должно быть строкой' })
  .trim()
  .min(1, 'Заполните поле «Имя»')
  .max(100, 'Поле «Имя»: не более 100 символов');

/** `POST /api/admin/staff`: a new account with its initial password. */
export const StaffCreateBody = z.object({
  login: StaffLogin,
  name: staffName,
  role: StaffRoleSchema,
  password: NewPassword,
});

/**
 * `PUT /api/admin/staff/{id}` (the whole record; read-only fields are ignored): name, role,
 * disabled, and optionally a new password (the owner resets a forgotten one).
 */
export const StaffUpdateBody = z.object({
  name: staffName,
  role: StaffRoleSchema,
  disabled: z.boolean({ error: 'Поле «Отключён» — да или нет' }).optional(),
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), NewPassword.optional()),
});

/** A record of the read-only `audit-log` resource. */
export const AuditRecord = z
  .object({
    id: z.number().int(),
    at: z.string(),
    staffId: z.number().int().nullable(),
    staffLogin: z.string().nullable(),
    action: z.string(),
    entity: z.string(),
    entityId: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({ id: 'AuditRecord' });
export type AuditRecord = z.infer<typeof AuditRecord>;
