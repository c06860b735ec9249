/**
 * Texts of the account mails (spec §7 /v1/reset/, §8), beside the order mails (order-mail.ts) and
 * the newsletter's (newsletter-mail.ts). Links come from SITE_URL only, never from a request
 * header (issue #12).
 */
import { serverEnv } from '../env';
import type { MailMessage } from './mail';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The password-reset mail of POST /v1/reset/: the single-use link `${SITE_URL}/reset/{token}`,
 * valid RESET_TOKEN_TTL_MINUTES minutes, greeting the user by first name when it is known.
 */
export function resetPasswordMail(to: string, firstName: string | null, token: string): MailMessage {
  const link = `${serverEnv.SITE_URL}/reset/${token}`;
  const minutes = serverEnv.RESET_TOKEN_TTL_MINUTES;
  return {
    to,
    subject: 'Смена пароля',
    text: `Здравствуйте${firstName ? `, ${firstName}` : ''}!\n\nЧтобы задать новый пароль, откройте ссылку:\n${link}\n\nСсылка действует ${minutes} минут и только один раз. Если вы не запрашивали смену пароля, просто проигнорируйте это письмо.\n`,
    html: `<p>Здравствуйте${firstName ? `, ${escapeHtml(firstName)}` : ''}!</p><p>Чтобы задать новый пароль, откройте ссылку: <a href="${link}">${link}</a></p><p>Ссылка действует ${minutes} минут и только один раз.</p>`,
  };
}
