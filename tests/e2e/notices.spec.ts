/**
 * Issue #33 items 2 and 4, done-when: a subscriber to a sold-out size gets one mail when 1C's
 * exchange brings it back; a one-click order reaches 1C's `sale query`. Real browser, real API, the
 * exchange driven the way 1C drives it (tests/e2e/exchange.ts); mails are the .eml files of the
 * mail adapter in MAIL_DIR. Screenshots at 390x844 and 1440x900 go to /tmp/ntc/ when NOTICE_SHOTS
 * is set (the sold-out size with «Сообщить о поступлении», the one-click popup, the profile list).
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { exchange, importXml, listedProduct, saleQuery } from './exchange';
import { API_URL, uniquePhone } from './helpers';

test.describe.configure({ timeout: 180_000, mode: 'serial' });

const MAIL_DIR = path.resolve(process.env.MAIL_DIR ?? '.data/mail');
const SHOTS = process.env.NOTICE_SHOTS ? '/tmp/ntc' : null;
const RUN = Date.now().toString(36);
const PRODUCT = `e2e-notice-${RUN}`;
const NAME = `Купальник «Волна» ${RUN}`;

/** A changes-only offers package: size 46 of the product with `quantity` pieces at 4990 ₽. */
function offers(quantity: number): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.08">
  <ПакетПредложений СодержитТолькоИзменения="true"><Ид>e2e-cat#</Ид><ИдКаталога>e2e-cat</ИдКаталога>
    <ТипыЦен><ТипЦены><Ид>pt-ret</Ид><Наименование>Розничная</Наименование><Валюта>RUB</Валюта></ТипЦены></ТипыЦен>
    <Предложения><Предложение><Ид>${PRODUCT}#s46</Ид><Наименование>${NAME} (46)</Наименование>
      <ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Размер</Наименование><Значение>46</Значение></ХарактеристикаТовара></ХарактеристикиТовара>
      <Цены><Цена><ИдТипаЦены>pt-ret</ИдТипаЦены><ЦенаЗаЕдиницу>4990</ЦенаЗаЕдиницу></Цена></Цены>
      <Количество>${quantity}</Количество></Предложение></Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>`;
}

/** The decoded texts of the mails to `address`, oldest first. */
function mailsTo(address: string): Array<{ subject: string; text: string }> {
  let files: string[] = [];
  try {
    files = readdirSync(MAIL_DIR)
      .filter((f) => f.endsWith('.eml') && f.includes(address))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(path.join(MAIL_DIR, file), 'utf8');
    const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    const text = /content-transfer-encoding:\s*base64/i.test(head)
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : raw.replace(/=\r?\n/g, '');
    const encoded = /^subject:\s*(.+(?:\r?\n\s+.+)*)/im.exec(head)?.[1] ?? '';
    const subject = encoded
      .replace(/=\?utf-8\?b\?([^?]+)\?=/gi, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'))
      .replace(/\r?\n\s+/g, '');
    return { subject, text };
  });
}

async function shoot(page: Page, name: string, show?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300);
    // The layout changes with the width: bring the subject into view at each size.
    if (show) {
      // Instant: the shop scrolls smoothly, and a screenshot would catch the page mid-way.
      await show.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await page.waitForTimeout(300);
    }
    await page.screenshot({ path: `${SHOTS}/${name}-${w}x${h}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

let productPath = '';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('cookieAccepted', 'true');
    localStorage.setItem('telegramPopupClosed', 'true');
  });
});

test('a guest subscribed to a sold-out size gets one mail when 1C brings it back', async ({ page }) => {
  await exchange([
    ['import.xml', importXml(PRODUCT, NAME)],
    ['offers.xml', offers(5)],
  ]);
  const pk = await listedProduct(NAME);
  const detail = (await (await fetch(`${API_URL}/api/v1/product_offer/?pk=${pk}`)).json()) as {
    full_path_offer: string;
  };
  productPath = detail.full_path_offer;
  await exchange([['offers.xml', offers(0)]]);

  const email = `wait-${RUN}@example.ru`;
  await page.goto(productPath);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Нет в наличии' })).toBeDisabled({ timeout: 15_000 });
  const notify = page.getByRole('button', { name: 'Сообщить о поступлении' });
  await expect(notify).toBeVisible();
  await shoot(page, 'sold-out-size');
  await notify.click();
  const dialog = page.getByRole('dialog', { name: 'Сообщить о поступлении' });
  await expect(dialog).toBeVisible();
  // Without the consent box nothing is sent.
  await dialog.getByLabel('Электронная почта').fill(email);
  await dialog.getByRole('button', { name: 'Сообщить о поступлении' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: /согласие/i })).toBeVisible();
  await dialog.getByRole('checkbox', { name: /Я даю согласие/ }).check();
  await dialog.getByRole('button', { name: 'Сообщить о поступлении' }).click();
  await expect(dialog.getByRole('status')).toContainText('подтвердите адрес');
  await shoot(page, 'notify-sent');

  // Double opt-in: the link of the mail, a click on the page.
  await expect.poll(() => mailsTo(email).length, { timeout: 10_000 }).toBe(1);
  const confirm = /\/notify\/confirm\/[A-Za-z0-9_-]{20,}/.exec(mailsTo(email)[0]!.text)![0];
  await page.goto(confirm);
  // A click before hydration would submit the bare form natively (a reload): wait for the scripts.
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await expect(page.getByText('Адрес подтверждён')).toBeVisible({ timeout: 15_000 });

  // 1C brings the size back, then changes its quantity again: one mail.
  await exchange([['offers.xml', offers(3)]]);
  await expect
    .poll(() => mailsTo(email).filter((m) => m.subject.startsWith('Снова в наличии')).length, { timeout: 20_000 })
    .toBe(1);
  await exchange([['offers.xml', offers(4)]]);
  await page.waitForTimeout(3_000);
  const back = mailsTo(email).filter((m) => m.subject.startsWith('Снова в наличии'));
  expect(back).toHaveLength(1);
  expect(back[0]!.text).toContain(`${productPath}?size=`);
});

test('a one-click order from the product page reaches 1C’s sale query', async ({ page }) => {
  test.skip(!productPath, 'needs the product of the first test');
  const phone = uniquePhone('916');
  await page.goto(productPath);
  await page.waitForLoadState('networkidle');
  const oneClick = page.getByRole('button', { name: 'Купить в 1 клик' });
  await expect(oneClick).toBeVisible({ timeout: 15_000 });
  await page.getByText('46', { exact: true }).first().click();
  await oneClick.click();
  const dialog = page.getByRole('dialog', { name: 'Купить в 1 клик' });
  await dialog.getByLabel('Имя').fill('Ирина Звонкова');
  await dialog.getByLabel('Телефон').pressSequentially(phone.digits, { delay: 60 });
  await expect(dialog.getByLabel('Телефон')).toHaveValue(phone.masked);
  await dialog.getByRole('checkbox', { name: /Я даю согласие/ }).check();
  await shoot(page, 'one-click-form');
  await dialog.getByRole('button', { name: 'Оформить заказ' }).click();
  const done = dialog.getByRole('status');
  await expect(done).toContainText('перезвонит', { timeout: 15_000 });
  const number = /LM-\d{6}/.exec((await done.textContent()) ?? '')![0];
  await shoot(page, 'one-click-done');

  const xml = await saleQuery();
  const doc = xml.slice(xml.indexOf(`<Номер>${number}</Номер>`) - 200);
  expect(doc).toContain(`<Номер>${number}</Номер>`);
  expect(doc).toContain('Заказ в 1 клик');
  expect(doc).toContain(phone.e164);
  expect(doc).toContain(`${PRODUCT}#s46`);
});

test('a signed-in shopper sees the awaited size in the profile and removes it', async ({ page }) => {
  test.skip(!productPath, 'needs the product of the first test');
  await exchange([['offers.xml', offers(0)]]);
  const email = `profile-wait-${RUN}@example.ru`;
  const res = await page.request.post('/api/v1/sign_in/', {
    data: {
      full_name: 'Ждущая Ольга',
      email,
      phone: uniquePhone('917').e164,
      password_one: 'Secret123',
      password_two: 'Secret123',
      personal_data_consent: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(productPath);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Сообщить о поступлении' }).click();
  const dialog = page.getByRole('dialog', { name: 'Сообщить о поступлении' });
  await expect(dialog.getByLabel('Электронная почта')).toHaveValue(email);
  await dialog.getByRole('checkbox', { name: /Я даю согласие/ }).check();
  await dialog.getByRole('button', { name: 'Сообщить о поступлении' }).click();
  await expect(dialog.getByRole('status')).toContainText('мы напишем на этот адрес');

  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Ожидаю поступления' });
  await expect(card).toContainText(NAME, { timeout: 15_000 });
  await expect(card.getByRole('link', { name: new RegExp(NAME) })).toHaveAttribute('href', /\?size=/);
  await shoot(page, 'profile-waiting', card);
  await card.getByRole('button', { name: /Удалить подписку/ }).click();
  await expect(page.getByRole('region', { name: 'Ожидаю поступления' })).toHaveCount(0);
});
