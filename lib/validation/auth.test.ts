/** Every rule of spec §5 for the account forms, with the spec's hint texts. */
import { describe, expect, it } from 'vitest';
import { PASSWORD_HINTS } from '@/lib/messages/accounts';
import { CONSENT_TEXTS } from '@/lib/messages/consent';
import {
  completeRegistrationFormSchema,
  forgotPasswordFormSchema,
  isPhoneComplete,
  isTokenValid,
  loginFormSchema,
  normalizePhone,
  passwordChangeFormSchema,
  registrationFormSchema,
  splitFullName,
  tokenExpiry,
  unmaskPhone,
} from './auth';

const valid = {
  full_name: 'Иванова Анна',
  email: 'Anna@Example.RU',
  phone: '',
  password_one: 'Secret123',
  password_two: 'Secret123',
  personal_data_consent: true,
  advertising_consent: false,
};

function messages(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) {
  return (result.error?.issues ?? []).filter((i) => i.path.join('.') === field).map((i) => i.message);
}

describe('registration (spec §5)', () => {
  it('needs the personal data box ticked; the advertising box is optional (issue #29)', () => {
    const unticked = registrationFormSchema.safeParse({ ...valid, personal_data_consent: false });
    expect(messages(unticked, 'personal_data_consent')).toEqual([CONSENT_TEXTS.personalDataRequired]);
    expect(registrationFormSchema.safeParse({ ...valid, advertising_consent: true }).success).toBe(true);
  });

  it('accepts a valid form and lowercases the e-mail', () => {
    const parsed = registrationFormSchema.parse(valid);
    expect(parsed.email).toBe('anna@example.ru');
  });

  it('needs an e-mail of the {email} pattern', () => {
    for (const email of ['', 'anna', 'anna@', 'anna@example', 'an na@example.ru', '@example.ru']) {
      expect(registrationFormSchema.safeParse({ ...valid, email }).success, email).toBe(false);
    }
  });

  it('needs a full name of at least 2 words and splits it into last, first and middle name', () => {
    expect(registrationFormSchema.safeParse({ ...valid, full_name: 'Анна' }).success).toBe(false);
    expect(registrationFormSchema.safeParse({ ...valid, full_name: '   ' }).success).toBe(false);
    expect(splitFullName('  Иванова   Анна  ')).toEqual({ last_name: 'Иванова', first_name: 'Анна', middle_name: '' });
    expect(splitFullName('Иванова Анна Сергеевна')).toEqual({
      last_name: 'Иванова',
      first_name: 'Анна',
      middle_name: 'Сергеевна',
    });
    expect(splitFullName('Де Ла Круз Мария Хосе')).toEqual({
      last_name: 'Де',
      first_name: 'Ла',
      middle_name: 'Круз Мария Хосе',
    });
    expect(splitFullName('Анна')).toBeNull();
  });

  it('shows the spec hints for each password rule', () => {
    expect(
      messages(
        registrationFormSchema.safeParse({ ...valid, password_one: 'Ab1', password_two: 'Ab1' }),
        'password_one',
      ),
    ).toContain(PASSWORD_HINTS.length);
    expect(
      messages(
        registrationFormSchema.safeParse({ ...valid, password_one: 'secret123', password_two: 'secret123' }),
        'password_one',
      ),
    ).toEqual([PASSWORD_HINTS.upper]);
    expect(
      messages(
        registrationFormSchema.safeParse({ ...valid, password_one: 'SecretPass', password_two: 'SecretPass' }),
        'password_one',
      ),
    ).toEqual([PASSWORD_HINTS.digit]);
    // An uppercase Cyrillic letter is not a Latin one.
    expect(
      messages(
        registrationFormSchema.safeParse({ ...valid, password_one: 'Секрет123x', password_two: 'Секрет123x' }),
        'password_one',
      ),
    ).toEqual([PASSWORD_HINTS.upper]);
    expect(PASSWORD_HINTS).toEqual({
      length: 'Минимум 8 символов',
      upper: 'Минимум 1 заглавная буква',
      digit: 'Минимум 1 цифра',
    });
    expect(
      registrationFormSchema.safeParse({ ...valid, password_one: 'Abcdefg1', password_two: 'Abcdefg1' }).success,
    ).toBe(true);
  });

  it('needs password_two equal to password_one', () => {
    expect(messages(registrationFormSchema.safeParse({ ...valid, password_two: 'Secret124' }), 'password_two')).toEqual(
      ['Пароли не совпадают'],
    );
  });

  it('takes an optional phone only when the mask is complete', () => {
    expect(registrationFormSchema.safeParse({ ...valid, phone: '' }).success).toBe(true);
    expect(registrationFormSchema.safeParse({ ...valid, phone: '+7(912)-345-67-89' }).success).toBe(true);
    expect(registrationFormSchema.safeParse({ ...valid, phone: '+7(912)-345-67-8' }).success).toBe(false);
  });
});

describe('phone mask +7(###)-###-##-## (spec §5, §9)', () => {
  it('removes dashes and brackets before sending', () => {
    expect(unmaskPhone('+7(912)-345-67-89')).toBe('+79123456789');
    expect(unmaskPhone('')).toBe('');
  });

  it('counts a phone with all 10 digits as complete, a shorter one as not', () => {
    expect(isPhoneComplete('+7(912)-345-67-89')).toBe(true);
    expect(isPhoneComplete('+7(912)345-67-89')).toBe(true); // the original 16-character form
    expect('+7(912)345-67-89'.length).toBe(16);
    expect(isPhoneComplete('+7(912)-345-67-8')).toBe(false);
    expect(isPhoneComplete('+7(912)-345')).toBe(false);
    expect(isPhoneComplete('+7(')).toBe(false);
    expect(isPhoneComplete('8(912)-345-67-89')).toBe(false);
  });

  it('normalises a phone typed with 8, with 7, or with 10 digits', () => {
    expect(normalizePhone('89123456789')).toBe('+79123456789');
    expect(normalizePhone('+7 (912) 345-67-89')).toBe('+79123456789');
    expect(normalizePhone('9123456789')).toBe('+79123456789');
    expect(normalizePhone('+7912345678')).toBeNull();
    expect(normalizePhone('+1 912 345 67 89')).toBeNull();
  });
});

describe('other forms (spec §5)', () => {
  it('complete-registration: 3 name parts, each longer than 2 characters', () => {
    const base = { ...valid, full_name: 'Иванова Анна Сергеевна' };
    expect(completeRegistrationFormSchema.safeParse(base).success).toBe(true);
    expect(completeRegistrationFormSchema.safeParse({ ...base, full_name: 'Иванова Ан Сергеевна' }).success).toBe(
      false,
    );
    expect(completeRegistrationFormSchema.safeParse({ ...base, full_name: 'Ли Анна Сергеевна' }).success).toBe(false);
    expect(completeRegistrationFormSchema.safeParse({ ...base, full_name: 'Иванова Анна' }).success).toBe(false);
    expect(completeRegistrationFormSchema.safeParse({ ...base, full_name: 'Иванова Анна Сер' }).success).toBe(true);
  });

  it('login: username matches the e-mail pattern, password non-empty', () => {
    expect(loginFormSchema.safeParse({ username: 'a@b.ru', password: 'x' }).success).toBe(true);
    expect(loginFormSchema.safeParse({ username: 'anna', password: 'x' }).success).toBe(false);
    expect(loginFormSchema.safeParse({ username: 'a@b.ru', password: '' }).success).toBe(false);
  });

  it('forgot password: e-mail required', () => {
    expect(forgotPasswordFormSchema.safeParse({ email: '' }).success).toBe(false);
    expect(forgotPasswordFormSchema.safeParse({ email: 'a@b.ru' }).success).toBe(true);
  });

  it('password change: same rules and equality', () => {
    expect(passwordChangeFormSchema.safeParse({ password_one: 'Secret123', password_two: 'Secret123' }).success).toBe(
      true,
    );
    expect(passwordChangeFormSchema.safeParse({ password_one: 'secret123', password_two: 'secret123' }).success).toBe(
      false,
    );
    expect(passwordChangeFormSchema.safeParse({ password_one: 'Secret123', password_two: 'Secret12' }).success).toBe(
      false,
    );
  });
});

describe('token validity (spec §5)', () => {
  const make = (payload: object) => `v1.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;
  const now = Date.UTC(2025, 0, 1);

  it('a three-part token is valid while its exp is in the future', () => {
    expect(isTokenValid(make({ exp: now / 1000 + 60 }), now)).toBe(true);
    expect(isTokenValid(make({ exp: now / 1000 - 1 }), now)).toBe(false);
    expect(isTokenValid(make({ exp: now / 1000 }), now)).toBe(false);
    expect(tokenExpiry(make({ exp: 1700000000 }))).toBe(1_700_000_000_000);
  });

  it('a token without an expiry is valid; no token is not', () => {
    expect(isTokenValid('opaque-token-without-dots', now)).toBe(true);
    expect(isTokenValid(make({ uid: 1 }), now)).toBe(true);
    expect(isTokenValid('a.%%%.c', now)).toBe(true);
    expect(isTokenValid('', now)).toBe(false);
    expect(isTokenValid(null, now)).toBe(false);
  });
});
