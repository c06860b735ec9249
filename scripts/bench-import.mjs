/**
 * `npm run bench:import [-- --offers 100000] [--products 10000] [--sizes 5] [--db postgres://…]`
 * (issue #15 "Measured targets"): generates a Yandex Market YML feed of `--offers` offers (groups
 * of 2 colours × 2 sizes) and a CommerceML exchange of `--products` products × `--sizes` sizes,
 * imports them into a fresh database (in-memory PGlite by default, or the PostgreSQL database of
 * `--db`, which must be empty), imports the YML a second time, and prints the time of each import,
 * the rows the re-import changed and the process's peak RSS. Targets: YML ≤ 60 s and ≤ 500 MB,
 * re-import 0 rows, CommerceML ≤ 60 s. Pictures are not fetched (placeholders): the bench measures
 * the import, not the network.
 */
import { mkdtemp, rm, open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '../server/db/client';
import { seedDatabase } from '../server/seed';
import { importCommerceMlFile, newCmlSession } from '../server/services/catalog-import/commerceml';
import { importYmlFile } from '../server/services/catalog-import/yml';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const OFFERS = Number(arg('offers', 100_000));
const PRODUCTS = Number(arg('products', 10_000));
const SIZES = Number(arg('sizes', 5));
const DB = arg('db', 'memory://');

const COLORS = ['Чёрный', 'белый', 'Красный', 'синий', 'Бежевый', 'зелёный'];
const CATS = [
  ['1', 'Платья'],
  ['2', 'Купальники'],
  ['3', 'Обувь'],
  ['4', 'Сумки'],
  ['5', 'Мужская одежда'],
];
const SIZE_NAMES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];

/** Writes the lines to a file, 2,000 at a time. */
async function writeLines(file, lines) {
  const fh = await open(file, 'w');
  let buf = [];
  for (const line of lines) {
    buf.push(line);
    if (buf.length >= 2000) {
      await fh.write(buf.join('\n'));
      buf = [];
    }
  }
  await fh.write(buf.join('\n'));
  await fh.close();
}

function* yml(offers) {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="2026-11-23 10:00"><shop><name>Бенч</name><company>Бенч</company><url>https://bench.example.ru/</url>';
  yield '<currencies><currency id="RUR" rate="1"/></currencies><categories>';
  for (const [id, name] of CATS) yield `<category id="${id}">${name}</category>`;
  yield '</categories><offers>';
  for (let i = 0; i < offers; i++) {
    const group = Math.floor(i / 4);
    const color = COLORS[(group + Math.floor((i % 4) / 2)) % COLORS.length];
    const size = SIZE_NAMES[(i % 2) + (group % 3)];
    const price = 990 + (group % 50) * 100;
    yield `<offer id="o${i}" group_id="g${group}" available="${i % 7 ? 'true' : 'false'}"><name>Товар номер ${group} «Бенч»</name><price>${price}</price>${group % 5 === 0 ? `<oldprice>${price + 1000}</oldprice>` : ''}<currencyId>RUR</currencyId><categoryId>${CATS[group % CATS.length][0]}</categoryId><vendor>Бренд ${group % 40}</vendor><description><![CDATA[<p>Описание товара ${group}: ткань, крой, уход.</p>]]></description><param name="Цвет">${color}</param><param name="размер">${size}</param><param name="Материал">хлопок</param><count>${i % 9}</count></offer>`;
  }
  yield '</offers></shop></yml_catalog>\n';
}

function* cmlImport(products) {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08"><Классификатор><Ид>c</Ид><Наименование>К</Наименование><Группы>';
  for (const [id, name] of CATS) yield `<Группа><Ид>grp-${id}</Ид><Наименование>${name}</Наименование></Группа>`;
  yield '</Группы></Классификатор><Каталог СодержитТолькоИзменения="false"><Ид>cat</Ид><Товары>';
  for (let p = 0; p < products; p++) {
    yield `<Товар><Ид>prod-${p}</Ид><Наименование>Товар 1С ${p}</Наименование><Группы><Ид>grp-${CATS[p % CATS.length][0]}</Ид></Группы><Описание>Описание ${p}</Описание><Изготовитель><Ид>m${p % 30}</Ид><Наименование>Производитель ${p % 30}</Наименование></Изготовитель></Товар>`;
  }
  yield '</Товары></Каталог></КоммерческаяИнформация>\n';
}

function* cmlOffers(products, sizes) {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.08"><ПакетПредложений СодержитТолькоИзменения="false"><Ид>cat#</Ид><ТипыЦен><ТипЦены><Ид>ret</Ид><Наименование>Розничная</Наименование></ТипЦены></ТипыЦен><Предложения>';
  for (let p = 0; p < products; p++) {
    for (let s = 0; s < sizes; s++) {
      yield `<Предложение><Ид>prod-${p}#sz${s}</Ид><Наименование>Товар 1С ${p}</Наименование><ХарактеристикиТовара><ХарактеристикаТовара><Наименование>Размер</Наименование><Значение>${SIZE_NAMES[s % SIZE_NAMES.length]}</Значение></ХарактеристикаТовара><ХарактеристикаТовара><Наименование>Цвет</Наименование><Значение>${COLORS[p % COLORS.length]}</Значение></ХарактеристикаТовара></ХарактеристикиТовара><Цены><Цена><ИдТипаЦены>ret</ИдТипаЦены><ЦенаЗаЕдиницу>${1500 + (p % 20) * 50}</ЦенаЗаЕдиницу></Цена></Цены><Количество>${(p + s) % 6}</Количество></Предложение>`;
    }
  }
  yield '</Предложения></ПакетПредложений></КоммерческаяИнформация>\n';
}

const mb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const secs = (ms) => (ms / 1000).toFixed(1);
/** CPU seconds this process used since `from` (on a loaded machine wall time overstates the work). */
const cpu = (from) => {
  const u = process.cpuUsage(from);
  return ((u.user + u.system) / 1e6).toFixed(1);
};

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-import-'));
  try {
    const ymlFile = path.join(dir, 'feed.yml');
    await writeLines(ymlFile, yml(OFFERS));
    await writeLines(path.join(dir, 'import.xml'), cmlImport(PRODUCTS));
    await writeLines(path.join(dir, 'offers.xml'), cmlOffers(PRODUCTS, SIZES));
    const handle = await openDb(DB);
    await seedDatabase(handle.db, { products: 10, demo: false });
    console.log(
      `bench:import on ${handle.driver}; RSS after setup ${mb()} MB; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
    );
    const opts = { pictures: null, defaultSection: 'odezhda' };

    let t = performance.now();
    let c = process.cpuUsage();
    const first = await importYmlFile(handle.db, ymlFile, opts);
    const ymlMs = performance.now() - t;
    console.log(
      `YML ${OFFERS} offers: ${secs(ymlMs)} s (target ≤ 60 s), CPU of this process ${cpu(c)} s; products created ${first.products.created}, sizes ${first.sizes.created}, skipped ${first.skipped.length}; peak RSS ${mb()} MB (target ≤ 500 MB)`,
    );
    t = performance.now();
    c = process.cpuUsage();
    const second = await importYmlFile(handle.db, ymlFile, opts);
    console.log(
      `YML re-import: ${secs(performance.now() - t)} s, CPU ${cpu(c)} s; rows changed ${second.rowsChanged} (target 0); products unchanged ${second.products.unchanged}`,
    );

    t = performance.now();
    c = process.cpuUsage();
    const session = newCmlSession();
    const cmlOpts = { ...opts, priceType: 'Розничная', baseDir: dir };
    await importCommerceMlFile(handle.db, path.join(dir, 'import.xml'), session, cmlOpts);
    const cml = await importCommerceMlFile(handle.db, path.join(dir, 'offers.xml'), session, cmlOpts);
    console.log(
      `CommerceML ${PRODUCTS} products × ${SIZES} sizes: ${secs(performance.now() - t)} s (target ≤ 60 s), CPU ${cpu(c)} s; products created ${cml.products.created}, sizes ${cml.sizes.created}`,
    );
    console.log(`Peak RSS of the whole run: ${mb()} MB`);
    await handle.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
