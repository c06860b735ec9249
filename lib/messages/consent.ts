/**
 * Russian texts of the consents (issue #29; 152-ФЗ art. 9: consent to personal data processing is
 * a separate document since 1 September 2025; 38-ФЗ art. 18: advertising mail needs the
 * addressee's prior consent). Zod-free, so the client forms that show them stay light; the
 * contract (lib/api/contract/consent.ts) and the shop API use the same texts.
 */

/** Path of the info page with the consent text (GET /v1/about/personal-data-consent). */
export const CONSENT_PAGE_PATH = 'personal-data-consent';

/** Title of the consent page (also its link text). */
export const CONSENT_PAGE_TITLE = 'Согласие на обработку персональных данных';

export const CONSENT_TEXTS = {
  /** The required box of every form that takes personal data; the words after «на» are the link. */
  personalDataLead: 'Я даю согласие на',
  personalDataLink: 'обработку персональных данных',
  /** The optional box of registration and checkout (38-ФЗ art. 18). */
  advertising: 'Хочу получать новости и предложения по электронной почте',
  /** Hint under an unticked required box (form and API). */
  personalDataRequired: 'Чтобы продолжить, дайте согласие на обработку персональных данных',
} as const;

/** Texts of the profile's personal data block (152-ФЗ art. 14, 21). */
export const ACCOUNT_DATA_TEXTS = {
  download: 'Скачать мои данные',
  downloadFailed: 'Не удалось скачать данные. Попробуйте ещё раз',
  deleteButton: 'Удалить аккаунт',
  deleteTitle: 'Удалить аккаунт?',
  deleteLead:
    'Мы удалим ваши имя, телефон, адреса, избранное и корзину и отзовём согласия. Заказы останутся в учёте магазина без ваших контактов. Войти в этот аккаунт больше не получится.',
  deleteConfirm: 'Да, удалить аккаунт',
  deleteCancel: 'Отмена',
  deleteFailed: 'Не удалось удалить аккаунт. Попробуйте ещё раз',
  deleted: 'Аккаунт удалён',
} as const;
