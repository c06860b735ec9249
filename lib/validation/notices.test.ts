/** The issue #33 dialogs' rules (lib/validation/notices.ts): the hints a shopper sees. */
import { describe, expect, it } from 'vitest';
import { CONSENT_TEXTS } from '@/lib/messages/consent';
import { oneClickFormSchema, stockNoticeFormSchema } from './notices';

const hints = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('oneClickFormSchema', () => {
  it('takes a name, a complete phone and the ticked box', () => {
    const parsed = oneClickFormSchema.parse({
      name: ' Анна ',
      phone: '+7(912)-345-67-89',
      personal_data_consent: true,
    });
    expect(parsed.name).toBe('Анна');
  });

  it('names each missing part in Russian', () => {
    expect(
      hints(oneClickFormSchema.safeParse({ name: 'А', phone: '+7(912)-34', personal_data_consent: false })),
    ).toEqual({
      name: 'Укажите имя',
      phone: 'Укажите телефон в формате +7(XXX)-XXX-XX-XX',
      personal_data_consent: CONSENT_TEXTS.personalDataRequired,
    });
  });
});

describe('stockNoticeFormSchema', () => {
  it('asks for a size, a valid e-mail and the ticked box', () => {
    const result = hints(stockNoticeFormSchema.safeParse({ size: '', email: 'нет', personal_data_consent: false }));
    expect(result.size).toBe('Выберите размер');
    expect(result.email).toBeTruthy();
    expect(result.personal_data_consent).toBe(CONSENT_TEXTS.personalDataRequired);
    expect(stockNoticeFormSchema.safeParse({ size: 'f1', email: 'a@b.ru', personal_data_consent: true }).success).toBe(
      true,
    );
  });
});
