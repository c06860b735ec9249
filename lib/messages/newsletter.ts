/**
 * Russian texts of the newsletter with double opt-in (spec §7 Subscription, issue #12 item 7):
 * answers of POST /v1/subscribe/, /v1/subscribe/confirm/, /v1/unsubscribe/ and the pages
 * /subscribe/confirm/<token>, /unsubscribe/<token>. Zod-free, so client islands can show them.
 */

/** Our texts (the spec shows none for the double opt-in). */
export const NEWSLETTER_MESSAGES = {
  /** Answer to every valid subscribe request, subscribed or not (no enumeration of subscribers). */
  requested: 'Проверьте почту: мы отправили ссылку для подтверждения подписки',
  confirmed: 'Подписка подтверждена',
  unsubscribed: 'Вы отписались от рассылки',
  confirmInvalid: 'Ссылка для подтверждения подписки недействительна или устарела. Подпишитесь снова',
  unsubscribeInvalid: 'Ссылка для отписки недействительна. Откройте её из последнего письма рассылки',
  tokenRequired: 'Ссылка неполная: откройте её из письма целиком',
  /** 405 of GET /v1/subscribe/ and /v1/unsubscribe/: they change nothing. */
  postOnly: 'Подписаться можно только через форму на сайте, отписаться — по ссылке из письма',
  subscribeFailed: 'Не удалось подписаться',
  confirmFailed: 'Не удалось подтвердить подписку',
  unsubscribeFailed: 'Не удалось отписаться',
} as const;

/** Texts of the pages the mail links open (their titles are in lib/routes.ts). */
export const NEWSLETTER_PAGES = {
  confirmLead: 'Нажмите кнопку, чтобы получать новости, подборки и скидки магазина на почту.',
  confirmButton: 'Подтвердить подписку',
  unsubscribeLead: 'Нажмите кнопку, и мы больше не будем присылать вам письма рассылки.',
  unsubscribeButton: 'Отписаться',
  sending: 'Отправляем…',
  toHome: 'На главную',
} as const;
