/**
 * Issue #28 "feeds out are fast and honest": the faster feed generator (memoised escaping and
 * variant links, feed-source.ts / xml.ts / yml.ts) must write exactly the bytes the generator of
 * commit 2156dd1 wrote (kept as ./reference/*.test-utils.ts): both feeds of a seeded catalogue
 * with awkward names, descriptions and sizes, and the escaping functions on random strings.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../test-utils';
import { googleMerchantFeed } from './google-merchant';
import { googleMerchantFeed as referenceGoogle } from './reference/google-merchant.test-utils';
import * as referenceXml from './reference/xml.test-utils';
import { ymlFeed as referenceYml } from './reference/yml.test-utils';
import * as xml from './xml';
import { ymlFeed, type FeedOptions } from './yml';

let api: TestApi;

async function collect(gen: AsyncGenerator<string>): Promise<string> {
  let out = '';
  for await (const chunk of gen) out += chunk;
  return out;
}

beforeAll(async () => {
  api = await createTestApi(120);
  const db = api.handle.db;
  // What 1C exports carry: entities, control characters, tabs, runs of spaces, non-breaking
  // spaces, an emoji, a lone surrogate; and sizes and colours in odd shapes.
  await db.execute(sql`update products set name = ${'Топ "Ночь" & <день>\u0001\tМ&Ms'},
    description = ${'  Описание\u00a0с <b>тегом</b> & «кавычками» \u0008 и \u000bтабуляцией 👗 \ud800 '}
    where id = (select min(id) from products)`);
  await db.execute(sql`update products set name = ${"Платье 'Лето'  миди "}, material = ${'хлопок\u2003100%'}
    where id = (select min(id) + 1 from products)`);
  await db.execute(sql`update offer_features set name = ${'42 / 44'} where id = (select min(id) from offer_features)`);
  await db.execute(
    sql`update offer_features set name = ${'XL&XXL'} where id = (select min(id) + 1 from offer_features)`,
  );
  await db.execute(sql`update colors set name = ${'Чёрный  МАТОВЫЙ'} where id = (select min(id) from colors)`);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('feed output is byte-identical to the generator of 2156dd1 (issue #28)', () => {
  for (const pageSize of [7, 50]) {
    const options: FeedOptions = { siteUrl: 'https://shop.example.ru', shopName: 'Тест', now: new Date(0), pageSize };
    it(`YML, pages of ${pageSize}`, async () => {
      const [now, before] = await Promise.all([
        collect(ymlFeed(api.handle.db, options)),
        collect(referenceYml(api.handle.db, options)),
      ]);
      expect(now.length).toBeGreaterThan(10_000);
      expect(now === before).toBe(true);
    });
    it(`Google Merchant, pages of ${pageSize}`, async () => {
      const [now, before] = await Promise.all([
        collect(googleMerchantFeed(api.handle.db, options)),
        collect(referenceGoogle(api.handle.db, options)),
      ]);
      expect(now.length).toBeGreaterThan(10_000);
      expect(now === before).toBe(true);
    });
  }

  it('escapes random strings as before', () => {
    const alphabet = [
      ' ',
      ' ',
      '\t',
      '\n',
      '\r',
      '\u00a0',
      '\u2003',
      '\ufeff',
      '\u0001',
      '\u007f',
      '\u0085',
      '\ud800',
      '\udc00',
      '\ufffe',
      '😀',
      '&',
      '<',
      '>',
      '"',
      "'",
      'a',
      'Я',
      '1',
      '-',
      '/',
    ];
    let seed = 28;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 20_000; n++) {
      let value = '';
      const length = Math.floor(random() * 12);
      for (let i = 0; i < length; i++) value += alphabet[Math.floor(random() * alphabet.length)];
      expect(xml.cleanText(value)).toBe(referenceXml.cleanText(value));
      expect(xml.xmlEscape(value)).toBe(referenceXml.xmlEscape(value));
      expect(xml.cutText(value, 5)).toBe(referenceXml.cutText(value, 5));
      expect(xml.attributes({ a: value, b: null, c: 1 })).toBe(referenceXml.attributes({ a: value, b: null, c: 1 }));
    }
  });
});
