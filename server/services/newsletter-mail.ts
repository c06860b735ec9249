/**
 * Texts of the newsletter's mails (issue #12 item 7, double opt-in), beside the order mails
 * (order-mail.ts). Links are built by the caller from SITE_URL only, never from a request header.
 */
import { NEWSLETTER_PAGES } from '@/lib/messages/newsletter';
import type { MailMessage } from './mail';

/**
 * The confirmation mail sent for POST /v1/subscribe/: the confirm link (single use, `ttlHours`
 * long) and the subscriber's unsubscribe link, so the owner of an address someone else typed in
 * can also say no right away.
 * @param links absolute URLs `${SITE_URL}/subscribe/confirm/<token>` and `${SITE_URL}/unsubscribe/<token>`.
 */
export function subscriptionConfirmationMail(
  to: string,
  links: { confirm: string; unsubscribe: string },
  ttlHours: number,
): MailMessage {
  const text = [
    'Здравствуйте!',
    '',
    'Кто-то — надеемся, что вы — попросил присылать на этот адрес новости, подборки и скидки нашего магазина.',
    `Чтобы подтвердить подписку, откройте ссылку и нажмите «${NEWSLETTER_PAGES.confirmButton}»:`,
    links.confirm,
    '',
    `Ссылка действует ${ttlHours} ч. Если вы не подписывались, просто не открывайте её: без подтверждения письма рассылки не приходят.`,
    '',
    `Отписаться от рассылки: ${links.unsubscribe}`,
  ].join('\n');
  return { to, subject: 'Подтвердите подписку на рассылку', text };
}
