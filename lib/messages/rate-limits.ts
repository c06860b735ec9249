/**
 * Russian texts of the per-client rate limits (issue #12 item 7): the `message` of a 429 answer of
 * registration, the help form, the newsletter and the gift certificate check. Shared by the shop
 * API (server/services/rate-limit.ts) and any storefront code that shows them.
 */
import { formatCount } from '../format/plural';

/** What the shopper was doing, first half of the 429 message. */
export const RATE_LIMIT_LEADS = {
  signIn: 'Слишком много попыток регистрации',
  sendMessage: 'Слишком много сообщений',
  subscribe: 'Слишком много запросов на подписку',
  subscriptionLink: 'Слишком много переходов по ссылкам рассылки',
  giftCard: 'Слишком много проверок сертификатов',
  vitals: 'Слишком много замеров скорости страниц',
} as const;

export type RateLimitAction = keyof typeof RATE_LIMIT_LEADS;

/**
 * "через 15 минут", "через час", "через 2 часа", "через сутки": the wait of a fixed window,
 * rounded up to whole minutes (under an hour), hours (under a day) or days.
 * @param windowMs the window length, ms (> 0).
 */
export function waitPhrase(windowMs: number): string {
  const minutes = Math.max(1, Math.ceil(windowMs / 60_000));
  if (minutes < 60) return `через ${formatCount(minutes, ['минуту', 'минуты', 'минут'])}`;
  const hours = Math.ceil(minutes / 60);
  if (hours === 1) return 'через час';
  if (hours < 24) return `через ${formatCount(hours, ['час', 'часа', 'часов'])}`;
  const days = Math.ceil(hours / 24);
  return days === 1 ? 'через сутки' : `через ${formatCount(days, ['день', 'дня', 'дней'])}`;
}

/**
 * The 429 message: `rateLimitMessage('signIn', 15 * 60_000)` → "Слишком много попыток регистрации.
 * Попробуйте снова через 15 минут".
 */
export function rateLimitMessage(action: RateLimitAction, windowMs: number): string {
  return `${RATE_LIMIT_LEADS[action]}. Попробуйте снова ${waitPhrase(windowMs)}`;
}
