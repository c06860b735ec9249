/**
 * Environment of the shop API: the only reader of `process.env` on the server side
 * (DESIGN.md conventions, 6). Validated with zod so a bad value fails at start with a clear message.
 */
import { z } from 'zod';

const EnvSchema = z.object({
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * Issue #16 (docs/topology.md): Redis shared by every API instance (redis://host:port/db) for the
   * login/registration throttles, rate limits and the response cache; unset: this process's memory.
   */
  REDIS_URL: z.string().url().optional(),
  /** Folder of the embedded PGlite database. */
  PGLITE_DIR: z.string().default('.data/pglite'),
  /** Port of the shop API. */
  API_PORT: z.coerce.number().int().min(1).max(65535).default(8000),
  API_HOST: z.string().default('127.0.0.1'),
  /**
   * Issue #28: products of the demo catalogue generated into a new database; 0 starts empty
   * (sections, content and settings only). Unset: 3000 in demo mode, 0 outside it
   * (`seedProductCount` of server/services/demo-mode.ts).
   */
  SEED_PRODUCTS: z.coerce.number().int().min(0).max(200_000).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Public origin of the storefront, for links in e-mails (reset link /reset/{token}). */
  SITE_URL: z
    .string()
    .url()
    .default('http://localhost:3000')
    .transform((v) => v.replace(/\/+$/, '')),
  /** SMTP server for e-mail, e.g. smtps://user:pass@smtp.example.ru:465; unset → .eml files in MAIL_DIR. */
  SMTP_URL: z.string().url().optional(),
  /** Folder of the .eml files written when SMTP_URL is not set. */
  MAIL_DIR: z.string().default('.data/mail'),
  /** Sender of the shop's e-mails. */
  MAIL_FROM: z.string().default('Lumière <noreply@lumiere.test>'),
  /** Lifetime of a login token, hours (default 30 days). */
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 30),
  /** Lifetime of a password reset link, minutes. */
  RESET_TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
  /**
   * How long a login attempt on an account with more than 10 recent failures waits, ms (issue #12:
   * slow a distributed guesser down without locking the owner out; server/services/throttle.ts).
   */
  LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
  /** VK ID application (social login); both unset → the VK button is hidden. */
  VK_CLIENT_ID: z.string().min(1).optional(),
  VK_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * Shared secret the BFF sends as `X-Shop-Bff-Secret`; with it (or from a loopback address) the
   * API trusts X-Forwarded-For for per-client throttling.
   */
  BFF_SHARED_SECRET: z.string().min(16).optional(),
  /**
   * Issue #12 (server/services/demo-mode.ts): `1` seeds the demo buyer and demo certificates into a
   * new database whatever SITE_URL is, `0` never; unset: only while SITE_URL is a loopback address.
   * Issue #28: outside demo mode a new database also gets no demo goods unless SEED_PRODUCTS says so.
   */
  DEMO_MODE: z
    .enum(['0', '1'])
    .transform((v) => v === '1')
    .optional(),
  /**
   * Issue #12: `1` turns the built-in sandbox acquiring on in production (a loud warning at start),
   * `0` off everywhere; unset: on outside production and in demo mode.
   */
  PAYMENT_SANDBOX: z
    .enum(['0', '1'])
    .transform((v) => v === '1')
    .optional(),
  /**
   * Sber acquiring REST API (issue #5): both set → card payments go to Sber, otherwise to the
   * built-in sandbox page /payment-sber. SBER_API_URL: the test gateway by default.
   */
  SBER_USERNAME: z.string().min(1).optional(),
  SBER_PASSWORD: z.string().min(1).optional(),
  SBER_API_URL: z.string().url().default('https://3dsec.sberbank.ru/payment/rest/'),
  /**
   * ЮKassa API v3 (issue #29): both set → payments (cards, СБП, SberPay, T-Pay) go to ЮKassa.
   * YOOKASSA_API_URL: the public API by default; tests point it at a local fake server.
   */
  YOOKASSA_SHOP_ID: z.string().min(1).optional(),
  YOOKASSA_SECRET_KEY: z.string().min(1).optional(),
  YOOKASSA_API_URL: z.string().url().default('https://api.yookassa.ru/v3/'),
  /**
   * Issue #29: `1` = accept ЮKassa notifications only from its published addresses (behind a proxy
   * the client address comes from TRUSTED_PROXIES); off by default, since a notification is only a
   * cue to re-read the payment from the API.
   */
  YOOKASSA_NOTIFY_IP_CHECK: z
    .enum(['0', '1'])
    .transform((v) => v === '1')
    .optional(),
  /**
   * Issue #29: which provider takes payments: "auto" = ЮKassa when its keys are set, else Sber
   * when its credentials are set, else the sandbox (when enabled, server/services/demo-mode.ts).
   */
  /**
   * Issue #29: the secret of the operator API (`Authorization: Bearer …`, /api/v1/operator/…):
   * cancelling and refunding orders until the operator console exists. Unset: that API answers 404.
   */
  OPERATOR_TOKEN: z.string().min(24, 'OPERATOR_TOKEN: не короче 24 символов').optional(),
  /** Issue #31: folder of `npm run backup`'s files (docs/operations.md "Backups"). */
  BACKUP_DIR: z.string().default('.data/backups'),
  PAYMENT_PROVIDER: z.enum(['auto', 'sandbox', 'sber', 'yookassa']).default('auto'),
  /**
   * Issue #29 (54-ФЗ tag 1055): the shop's tax system in receipts: osn (общая), usn_income,
   * usn_income_outcome, esn, patent.
   */
  SHOP_TAX_SYSTEM: z.enum(['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent']).default('osn'),
  /**
   * Issue #29 (54-ФЗ tag 1199): VAT rate of goods without their own (products.vat_rate) and of
   * delivery: none, 0, 5, 7, 10, 22 (the standard rate since 1 January 2026).
   */
  SHOP_VAT_RATE: z.enum(['none', '0', '5', '7', '10', '22']).default('22'),
  /** CDEK API v2 (issue #5): both set → delivery cost from CDEK, otherwise the tariff table. */
  CDEK_CLIENT_ID: z.string().min(1).optional(),
  CDEK_CLIENT_SECRET: z.string().min(1).optional(),
  CDEK_API_URL: z.string().url().default('https://api.edu.cdek.ru/v2/'),
  /** CDEK city code the parcels leave from (44 = Москва). */
  CDEK_FROM_CITY_CODE: z.coerce.number().int().positive().default(44),
  /**
   * Lifetime of cached anonymous catalogue answers in the API process, ms (issue #7,
   * server/services/response-cache.ts); 0 turns the cache off.
   */
  API_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  /**
   * Issue #28 items 7, 9 (docs/feeds.md "How it is served"): the product feeds are rebuilt into
   * files at most once every this many seconds after a catalogue change (changes in between are
   * gathered into one rebuild), and at start when the files are missing or older than this.
   */
  FEED_REBUILD_INTERVAL_S: z.coerce.number().int().min(1).max(86_400).default(300),
  /** Folder of the built feed files and their .gz/.br copies (issue #28 item 9). */
  FEED_DIR: z.string().default('.data/feeds'),
  /**
   * Issue #13 change events (server/services/change-events.ts): the storefronts' revalidation
   * endpoints, comma-separated (scripts/start.mjs sets the local one), and their shared secret.
   */
  STOREFRONT_REVALIDATE_URLS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().url())),
  REVALIDATE_SECRET: z.string().min(16).optional(),
  /** Issue #12 load shedding (server/load-shed.ts): requests handled at once, waiting, longest wait (ms). */
  API_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(8),
  API_QUEUE: z.coerce.number().int().min(0).max(100_000).default(64),
  API_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /**
   * Issue #31 (server/services/metrics.ts, docs/operations.md): port of the Prometheus metrics
   * listener (`GET /metrics`), private to the operator; unset: no metrics recorded or served.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Address the metrics listener binds to (loopback; an internal interface for a remote scraper). */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * Issue #31 (server/telemetry/): OTLP/HTTP collector the traces go to, e.g. http://otel:4318 (the
   * SDK posts to {it}/v1/traces); unset: no tracing, the SDK is not loaded. Read by
   * server/telemetry/register.ts before this module (it must start before the modules it traces);
   * validated here too so a bad value stops the start.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /**
   * Issue #13 (server/services/reservations.ts): minutes an unpaid card order holds its stock,
   * counted from the order's creation; then it is cancelled and the stock returns.
   */
  RESERVATION_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /** Seconds between two sweeps of expired reservations; 0 turns the sweeper off in this process. */
  RESERVATION_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * Issue #7 catalogue index (server/services/catalog-index/): `off` makes listings, facets and
   * search run their reference SQL (for comparison; scripts/bench-catalog.ts "before" figures).
   */
  CATALOG_INDEX: z.enum(['on', 'off']).default('on'),
  /**
   * Issue #15 1C exchange (server/routes/exchange): HTTP basic auth of /api/1c_exchange; both
   * unset → the endpoint answers 404 (off).
   */
  EXCHANGE_USER: z.string().min(1).optional(),
  EXCHANGE_PASSWORD: z.string().min(1).optional(),
  /** Folder the 1C exchange keeps uploaded files in between `file` and `import`. */
  EXCHANGE_DIR: z.string().default('.data/exchange'),
  /** Largest chunk 1C may send in one `mode=file` request, bytes (answered by `mode=init`). */
  EXCHANGE_FILE_LIMIT: z.coerce
    .number()
    .int()
    .min(65_536)
    .max(1_073_741_824)
    .default(16 * 1024 * 1024),
  /** Issue #15: the CommerceML price type (ТипЦены/Наименование) that becomes the shop price. */
  IMPORT_PRICE_TYPE: z.string().min(1).default('Розничная'),
  /**
   * Issue #15 category mapping onto the 7 sections: `группа=путь` pairs separated by `;`, e.g.
   * `Купальники=kupalniki;Мужская одежда=muzhskoe/odezhda`; unmatched groups go by keywords, then
   * to IMPORT_DEFAULT_SECTION.
   */
  IMPORT_CATEGORY_MAP: z.string().default(''),
  IMPORT_DEFAULT_SECTION: z.string().min(1).default('odezhda'),
  /** Issue #15: how long one picture of an imported product may take to download, ms. */
  IMPORT_PICTURE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Folder imported product pictures are stored in (served at /media/import/{file}). */
  IMPORT_MEDIA_DIR: z.string().default('.data/media'),
  /**
   * Issue #32: hosts (names or IPs, comma-separated) a console YML import may fetch although they
   * resolve to a private or loopback address (the retailer's own feed server on its LAN); others are refused.
   */
  ADMIN_IMPORT_ALLOW_HOSTS: z.string().default(''),
  /**
   * Issue #28: which 1C property or YML `param` is the colour, size, material, composition,
   * country, brand or article: `role=name` pairs separated by `;`, e.g. `color=Цвет для сайта;
   * size=Размер одежды`. Unnamed roles go by the default names (Цвет, Размер, Материал, …, in any case).
   */
  IMPORT_PROPERTY_MAP: z
    .string()
    .default('')
    .refine(
      (v) =>
        v
          .split(/[;\n]/)
          .filter((p) => p.trim())
          .every((p) => /^\s*(color|size|material|composition|country|brand|article)\s*=\s*\S/.test(p)),
      'ожидаются пары роль=свойство через «;», роли: color, size, material, composition, country, brand, article',
    ),
  /**
   * Issue #28: vendor names that are not brands (placeholders such as «Название», the seller's
   * legal name), `;`-separated, added to the built-in list; legal forms (ИП, ООО, АО…) never are.
   */
  IMPORT_NOT_BRANDS: z.string().default(''),
  /**
   * Issue #28: how YML offers without `group_id` become one product with colour and size variants:
   * `model` (offers sharing `<model>`, else `vendorCode`), `vendorCode` (sharing `vendorCode`), or
   * `none` (each offer its own product). `group_id` always wins.
   */
  IMPORT_YML_GROUP_BY: z.enum(['model', 'vendorCode', 'none']).default('model'),
  /** Issue #28: a picture address that failed is not fetched again for this many hours. */
  IMPORT_PICTURE_RETRY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** Issue #28: pictures fetched at once in all, and from one host at once. */
  IMPORT_PICTURE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  IMPORT_PICTURE_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * Issue #29: shop category paths whose goods are under mandatory marking (Честный ЗНАК),
   * comma-separated, each with everything below it, e.g. `obuv,zhenskaya-odezhda/verkhnyaya-odezhda`.
   * Every imported product landing there is flagged, whatever the feed says. Default: none.
   */
  IMPORT_MARKING_CATEGORIES: z.string().default(''),
});

export type ServerEnv = z.infer<typeof EnvSchema>;

/**
 * Parses an environment record (an empty value counts as unset).
 * @throws Error naming every bad variable, e.g. "Invalid shop API environment: API_PORT: …".
 */
export function readServerEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v === '' ? undefined : v])),
  );
  if (!parsed.success) {
    const bad = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new Error(`Invalid shop API environment: ${bad.join('; ')}`);
  }
  return parsed.data;
}

/**
 * The environment of this API process, parsed once when the server first imports this module
 * (issue #17 item 6: one parsed env instead of a parse per call site), so a bad value stops the
 * start with the variable's name. Set variables before importing the server (tests: `vi.hoisted`,
 * or `stubServerEnv` of server/test-utils.ts for one test); nothing else writes this object.
 */
export const serverEnv: ServerEnv = readServerEnv();
