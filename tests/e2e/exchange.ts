/**
 * The 1C exchange of the e2e shop API (issue #15, server/routes/exchange): a product as CommerceML
 * and a session that uploads and imports packages the way 1C does. Used by the e2e specs that bring
 * goods in or change prices through it (tests/e2e/price-freshness.spec.ts, import.spec.ts).
 */
import { expect } from '@playwright/test';
import { API_URL } from './helpers';

/** The exchange login of the e2e API (tests/e2e/global-setup.ts). */
export const EXCHANGE_AUTH = `Basic ${Buffer.from('e2e-1c:e2e-1c-secret').toString('base64')}`;

/** A changes-only catalogue package with one product `id` in the shop's "Слитные купальники". */
export function importXml(id: string, name: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.08">
  <Классификатор><Ид>e2e-cls</Ид><Наименование>Классификатор</Наименование>
    <Группы><Группа><Ид>e2e-swim-one</Ид><Наименование>Слитные купальники</Наименование></Группа></Группы>
  </Классификатор>
  <Каталог СодержитТолькоИзменения="true"><Ид>e2e-cat</Ид><ИдКлассификатора>e2e-cls</ИдКлассификатора><Наименование>Каталог</Наименование>
    <Товары><Товар><Ид>${id}</Ид><Наименование>${name}</Наименование><Группы><Ид>e2e-swim-one</Ид></Группы>
      <Описание>Плотная ткань, подкладка</Описание></Товар></Товары>
  </Каталог>
</КоммерческаяИнформация>`;
}

/** A changes-only offers package: product `id` in size 46 (its 1C Ид `${id}#s46`) at `price` rubles, 5 pieces. */
export function offersPackage(id: string, name: string, price: number): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.08">
  <ПакетПредложений СодержитТолькоИзменения="true"><Ид>e2e-cat#</Ид><ИдКаталога>e2e-cat</ИдКаталога>
    <ТипыЦен><ТипЦены><Ид>pt-ret</Ид><Наименование>Розничная</Наименование><Валюта>RUB</Валюта></ТипЦены></ТипыЦен>
    <Предложения><Предложение><Ид>${id}#s46</Ид><Наименование>${name} (46)</Наименование>
      <ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Размер</Наименование><Значение>46</Значение></ХарактеристикаТовара></ХарактеристикиТовара>
      <Цены><Цена><ИдТипаЦены>pt-ret</ИдТипаЦены><ЦенаЗаЕдиницу>${price}</ЦенаЗаЕдиницу></Цена></Цены>
      <Количество>5</Количество></Предложение></Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>`;
}

/** One request of a session; `cookie` is the session cookie from checkauth. */
async function call(query: string, body?: string, cookie?: string) {
  const res = await fetch(`${API_URL}/1c_exchange?${query}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: EXCHANGE_AUTH, ...(cookie ? { cookie } : {}) },
    ...(body !== undefined ? { body } : {}),
  });
  return { status: res.status, text: await res.text() };
}

/** checkauth of a `type` session; @returns its cookie. */
async function login(type: 'catalog' | 'sale'): Promise<string> {
  const auth = await call(`type=${type}&mode=checkauth`);
  expect(auth.status, auth.text).toBe(200);
  const [status, name, value] = auth.text.split('\n');
  expect(status).toBe('success');
  return `${name}=${value}`;
}

/** A catalogue session: checkauth, init, then the files uploaded and imported in order. */
export async function exchange(files: Array<[string, string]>): Promise<void> {
  const cookie = await login('catalog');
  expect((await call('type=catalog&mode=init', undefined, cookie)).text).toMatch(/^zip=yes/);
  for (const [file, xml] of files) {
    expect((await call(`type=catalog&mode=file&filename=${file}`, xml, cookie)).text).toBe('success\n');
  }
  for (const [file] of files) {
    // The import runs in the background; 1C asks again while it answers "progress".
    let answer = await call(`type=catalog&mode=import&filename=${file}`, undefined, cookie);
    for (let i = 0; i < 100 && answer.text.startsWith('progress'); i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      answer = await call(`type=catalog&mode=import&filename=${file}`, undefined, cookie);
    }
    expect(answer.text.split('\n')[0], answer.text).toBe('success');
  }
}

/** `type=sale&mode=query`: the CommerceML document of the orders 1C has not confirmed yet. */
export async function saleQuery(): Promise<string> {
  const cookie = await login('sale');
  const answer = await call('type=sale&mode=query', undefined, cookie);
  expect(answer.status).toBe(200);
  return answer.text;
}

/**
 * The pk of the product named `name` among the newest of "Слитные купальники" in the API, once the
 * import's change events have dropped the API's cached listing (a round: ~50 ms to a few seconds).
 * @throws when it is not listed within 10 s
 */
export async function listedProduct(name: string): Promise<number> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const list = (await (await fetch(`${API_URL}/api/v1/offers/kupalniki/slitnye/?limit=48&sort=new`)).json()) as {
      results: Array<{ id: number; name: string }>;
    };
    const found = list.results.find((r) => r.name === name);
    if (found) return found.id;
    if (Date.now() > deadline) throw new Error(`${name} is not among the newest of /kupalniki/slitnye after 10 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
