/**
 * Every code the console API writes into the audit log or the consent log reads in Russian
 * (issue #32). The lists are the codes the API's services and routes write (grep `action: '` under
 * server/services/admin, server/routes/admin, server/routes/reviews and server/admin/cli.ts).
 */
import { describe, expect, it } from 'vitest';
import { actionName, consentKindName, entityName, importSourceName, importStatusName } from './names';

const ACTIONS = [
  'create',
  'update',
  'update+password',
  'delete',
  'disable',
  'login',
  'password',
  'totp',
  'totp-reset',
  'status',
  'refund',
  'resend',
  'anonymise',
  'hide',
  'show',
  'run',
  'block',
  'unblock',
  'approve',
  'reject',
];
const ENTITIES = [
  'staff',
  'orders',
  'customers',
  'banners',
  'articles',
  'pages',
  'seo',
  'landings',
  'settings',
  'promo-codes',
  'gift-cards',
  'products',
  'imports',
  'reviews',
];
const russian = /^[А-ЯЁ][а-яёА-ЯЁ\s-]*$|^SEO-запись$/u;

describe('console names', () => {
  it.each(ACTIONS)('audit action %s has a Russian name', (code) => {
    expect(actionName(code)).toMatch(russian);
  });
  it.each(ENTITIES)('audited entity %s has a Russian name', (code) => {
    expect(entityName(code)).toMatch(russian);
  });
  it('names both consent kinds and keeps an unknown code as it is', () => {
    expect(consentKindName('personal-data')).toBe('Обработка персональных данных');
    expect(consentKindName('advertising')).toBe('Рекламная рассылка');
    expect(actionName('something-new')).toBe('something-new');
  });
  it('names import runs: both sources and the three states', () => {
    expect(['yml', 'commerceml'].map(importSourceName)).toEqual(['YML-фид', '1С (CommerceML)']);
    expect(['running', 'success', 'failure'].map(importStatusName)).toEqual(['Идёт', 'Успешно', 'Ошибка']);
  });
});
