/**
 * Validation rules of spec §5 for the account forms, as zod schemas shared by the popups
 * (react-hook-form + zodResolver) and the shop API contract (lib/api/contract/accounts.ts):
 * e-mail pattern, full name of at least 2 words split into last/first/middle name, password of
 * at least 8 characters with a digit and an uppercase Latin letter (hints verbatim), equal
 * passwords, the phone mask +7(###)-###-##-## and token validity of a three-part token.
 */
import { z } from 'zod';
import { CONTROL_CHARS_MESSAGE, NO_CONTROL_CHARS } from '@/lib/api/contract/common';
import { ACCOUNT_MESSAGES, PASSWORD_HINTS } from '@/lib/messages/accounts';
import { CONSENT_TEXTS } from '@/lib/messages/consent';

/** Spec §5/§9 phone mask; `#` is a digit. */
export const PHONE_MASK = '+7(###)-###-##-##';
/** Spec §9 password minimum, characters. */
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound against hashing huge inputs (argon2 cost grows with length). */
export const PASSWORD_MAX_LENGTH = 128;
/** Longest accepted full name, characters (a 10 kB name is refused). */
export const FULL_NAME_MAX_LENGTH = 150;
/** Spec §9: name parts on complete-registration are longer than this. */
export const NAME_PART_MIN_EXCLUSIVE = 2;

/**
 * The `{email}` pattern of spec §5: something@domain.tld, no spaces, at most 254 characters
 * (RFC 5321). Deliberately simple: the mail itself is the real check.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** E-mail: trimmed, pattern-checked, lowercased (spec §3 Registration payload). */
export const emailSchema = z
  .string({ error: ACCOUNT_MESSAGES.emailRequired })
  .regex(NO_CONTROL_CHARS, CONTROL_CHARS_MESSAGE)
  .trim()
  .min(1, ACCOUNT_MESSAGES.emailRequired)
  .max(254, ACCOUNT_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, ACCOUNT_MESSAGES.emailInvalid)
  .transform((value) => value.toLowerCase());

/**
 * Password rules of spec §5 with its hints, checked in the order the hints are listed
 * ('Минимум 8 символов', 'Минимум 1 заглавная буква', 'Минимум 1 цифра').
 */
export const passwordSchema = z
  .string({ error: PASSWORD_HINTS.length })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_HINTS.length)
  .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong)
  .regex(/[A-Z]/, PASSWORD_HINTS.upper)
  .regex(/\d/, PASSWORD_HINTS.digit);

/** The three parts of a full name (spec §3 User: last_name, first_name, middle_name). */
export type NameParts = { last_name: string; first_name: string; middle_name: string };

/**
 * Splits a full name on whitespace (spec §5): first word → last name, second → first name, the
 * rest (joined by single spaces) → middle name. Fewer than 2 words gives null.
 */
export function splitFullName(fullName: string): NameParts | null {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return null;
  return { last_name: words[0]!, first_name: words[1]!, middle_name: words.slice(2).join(' ') };
}

/** Full name: at least 2 space-separated words (spec §5 Registration). */
export const fullNameSchema = z
  .string({ error: ACCOUNT_MESSAGES.fullNameWords })
  .regex(NO_CONTROL_CHARS, CONTROL_CHARS_MESSAGE)
  .trim()
  .max(FULL_NAME_MAX_LENGTH, ACCOUNT_MESSAGES.nameTooLong)
  .refine((value) => splitFullName(value) !== null, ACCOUNT_MESSAGES.fullNameWords);

/**
 * Complete-registration name (spec §5 Other forms): 3 words (last, first, middle name), each
 * longer than 2 characters.
 */
export const completeFullNameSchema = fullNameSchema.refine((value) => {
  const parts = splitFullName(value);
  return (
    parts !== null &&
    parts.middle_name !== '' &&
    [parts.last_name, parts.first_name, parts.middle_name].every((part) => part.length > NAME_PART_MIN_EXCLUSIVE)
  );
}, ACCOUNT_MESSAGES.namePartsLength);

/**
 * Removes the mask's dashes, brackets and spaces (spec §5: "dashes and brackets are removed
 * before sending"): "+7(912)-345-67-89" → "+79123456789". An empty mask gives "".
 */
export function unmaskPhone(masked: string): string {
  return masked.replace(/[\s()-]/g, '');
}

/**
 * Whether a masked phone is complete: all 10 digits after +7 are entered. The spec (§5, §9) counts
 * "16 characters" for the original mask `+7(###)###-##-##`; the mask the spec prescribes
 * (`+7(###)-###-##-##`) has one more dash, so we count digits, which means the same thing.
 */
export function isPhoneComplete(masked: string): boolean {
  return /^\+7\(\d{3}\)-?\d{3}-\d{2}-\d{2}$/.test(masked.trim());
}

/**
 * Normalises any phone the API receives to "+7XXXXXXXXXX": accepts the masked value, the
 * unmasked one, and 11 digits starting with 8 or 7 (a phone typed with 8, spec §5).
 * @returns null when it is not a Russian mobile/landline number of 10 digits after the code.
 */
export function normalizePhone(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) return `+7${digits.slice(1)}`;
  if (digits.length === 10 && !value.trim().startsWith('+')) return `+7${digits}`;
  return null;
}

/** Optional phone of a form: empty or the complete mask; sent unmasked (spec §5). */
export const maskedPhoneSchema = z
  .string()
  .trim()
  .refine(
    (value) => value === '' || value === '+7' || value === '+7(' || isPhoneComplete(value),
    ACCOUNT_MESSAGES.phoneIncomplete,
  );

/**
 * The consent boxes of a form (issue #29): the personal data box must be ticked (152-ФЗ art. 9;
 * the hint of lib/messages/consent.ts), the advertising box is optional (38-ФЗ art. 18).
 */
export const consentFormFields = {
  personal_data_consent: z.boolean().refine((v) => v, CONSENT_TEXTS.personalDataRequired),
  advertising_consent: z.boolean(),
};

/** Registration popup (spec §5 Registration; the consent boxes of issue #29). */
export const registrationFormSchema = z
  .object({
    full_name: fullNameSchema,
    email: emailSchema,
    phone: maskedPhoneSchema,
    password_one: passwordSchema,
    password_two: z.string(),
    ...consentFormFields,
  })
  .refine((form) => form.password_one === form.password_two, {
    path: ['password_two'],
    message: ACCOUNT_MESSAGES.passwordsDiffer,
  });
export type RegistrationForm = z.input<typeof registrationFormSchema>;

/** Complete-registration popup (spec §5 Other forms: same rules, name parts longer than 2). */
export const completeRegistrationFormSchema = z
  .object({
    full_name: completeFullNameSchema,
    email: emailSchema,
    phone: maskedPhoneSchema,
    password_one: passwordSchema,
    password_two: z.string(),
    ...consentFormFields,
  })
  .refine((form) => form.password_one === form.password_two, {
    path: ['password_two'],
    message: ACCOUNT_MESSAGES.passwordsDiffer,
  });
export type CompleteRegistrationForm = z.input<typeof completeRegistrationFormSchema>;

/** Login popup (spec §5: username matches the e-mail pattern; password non-empty). */
export const loginFormSchema = z.object({
  username: emailSchema,
  password: z
    .string()
    .min(1, ACCOUNT_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
});
export type LoginForm = z.input<typeof loginFormSchema>;

/** Forgot-password popup (spec §5: e-mail pattern required). */
export const forgotPasswordFormSchema = z.object({ email: emailSchema });
export type ForgotPasswordForm = z.input<typeof forgotPasswordFormSchema>;

/** Password-change popup and /reset/{token} (spec §5: same password rules and equality). */
export const passwordChangeFormSchema = z
  .object({ password_one: passwordSchema, password_two: z.string() })
  .refine((form) => form.password_one === form.password_two, {
    path: ['password_two'],
    message: ACCOUNT_MESSAGES.passwordsDiffer,
  });
export type PasswordChangeForm = z.input<typeof passwordChangeFormSchema>;

/** Write-in popup (spec §4: a user without e-mail is asked for one). */
export const writeInFormSchema = z.object({ email: emailSchema });
export type WriteInForm = z.input<typeof writeInFormSchema>;

/**
 * Reads the expiry (ms since epoch) of a three-part token `header.payload.signature` whose middle
 * part is base64url JSON with `exp` in seconds (JWT style). Null when the token has no such part.
 */
export function tokenExpiry(token: string): number | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json: unknown = JSON.parse(
      typeof atob === 'function' ? atob(padded) : Buffer.from(padded, 'base64').toString('utf8'),
    );
    if (
      json &&
      typeof json === 'object' &&
      'exp' in json &&
      typeof json.exp === 'number' &&
      Number.isFinite(json.exp)
    ) {
      return json.exp * 1000;
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * Spec §5 token validity: a token is valid while its expiry time, if present in a three-part
 * token, is in the future. Tokens without an expiry are valid here (the API has the last word).
 * @param now ms since epoch.
 */
export function isTokenValid(token: string | null | undefined, now: number = Date.now()): boolean {
  if (!token) return false;
  const expiry = tokenExpiry(token);
  return expiry === null || expiry > now;
}
