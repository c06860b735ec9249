/**
 * Newsletter with double opt-in end to end (issue #12 item 7): the footer form only mails a link;
 * the confirmation page subscribes on the click; the unsubscribe link of the same mail
 * unsubscribes; a used link is refused; GET /api/v1/subscribe/?email= changes nothing (405).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const MAIL_DIR = path.resolve(process.env.MAIL_DIR ?? '.data/mail');

/** The path of the last mailed link of `kind` to `address`, from the .eml files of the mail adapter. */
function mailedLink(address: string, kind: 'subscribe/confirm' | 'unsubscribe'): string {
  const files = readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith('.eml') && f.includes(address))
    .sort();
  const raw = readFileSync(path.join(MAIL_DIR, files.at(-1)!), 'utf8');
  // nodemailer picks base64 or quoted-printable by the text's share of non-ASCII letters.
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const text = /content-transfer-encoding:\s*base64/i.test(head)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : raw.replace(/=\r?\n/g, '');
  const match = new RegExp(`/${kind}/([A-Za-z0-9_-]{20,})`).exec(text);
  if (!match) throw new Error(`no ${kind} link`);
  return `/${kind}/${match[1]}`;
}

test('footer subscription is confirmed from the mail, then the mail’s unsubscribe link works', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('cookieAccepted', 'true');
    localStorage.setItem('telegramPopupClosed', 'true');
  });
  const email = `news-${Date.now()}@example.ru`;
  expect((await page.request.get(`/api/v1/subscribe/?email=${encodeURIComponent(email)}`)).status()).toBe(405);

  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('Электронная почта').fill(email);
  await footer.getByRole('checkbox', { name: /Я даю согласие на обработку персональных данных/ }).check();
  await footer.getByRole('button', { name: 'Подписаться' }).click();
  await expect(footer.getByText('Проверьте почту: мы отправили ссылку для подтверждения подписки')).toBeVisible();

  const confirm = mailedLink(email, 'subscribe/confirm');
  await page.goto(confirm);
  await expect(page.getByRole('heading', { level: 1, name: 'Подтверждение подписки' })).toBeVisible();
  await page.getByRole('button', { name: 'Подтвердить подписку' }).click();
  await expect(page.getByText('Подписка подтверждена')).toBeVisible();

  await page.goto(confirm);
  await page.getByRole('button', { name: 'Подтвердить подписку' }).click();
  await expect(page.getByText(/Ссылка для подтверждения подписки недействительна/)).toBeVisible();

  await page.goto(mailedLink(email, 'unsubscribe'));
  await page.getByRole('button', { name: 'Отписаться' }).click();
  await expect(page.getByText('Вы отписались от рассылки')).toBeVisible();
});
