/** Spec §2/§4 complete-registration popup (issue #34 item 7): who is asked to complete the account. */
import { describe, expect, it } from 'vitest';
import type { User } from '@/lib/api/contract/accounts';
import { needsRegistrationCompletion } from './session-store';

const vkUser: User = {
  id: 1,
  name: 'Иван Соколов',
  full_name: 'Соколов Иван',
  last_name: 'Соколов',
  first_name: 'Иван',
  middle_name: '',
  second_name: '',
  email: null,
  phone: null,
  subscribed: false,
  bonus_balance: 0,
  has_password: false,
};

describe('needsRegistrationCompletion', () => {
  it('asks a social login without e-mail or without a name part', () => {
    expect(needsRegistrationCompletion(vkUser)).toBe(true);
    expect(needsRegistrationCompletion({ ...vkUser, email: 'ivan@example.ru' })).toBe(true);
    expect(needsRegistrationCompletion({ ...vkUser, middle_name: 'Петрович', last_name: '' })).toBe(true);
  });
  it('leaves alone a complete social account and every account with a password', () => {
    expect(needsRegistrationCompletion({ ...vkUser, email: 'ivan@example.ru', middle_name: 'Петрович' })).toBe(false);
    expect(needsRegistrationCompletion({ ...vkUser, has_password: true })).toBe(false);
  });
});
