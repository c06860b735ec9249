/**
 * The console's content routes (issue #32): an editor uploads a picture, creates a banner and an
 * article, and the public content API the storefront reads returns them; the preview renders with
 * the storefront's sanitiser; roles, CSRF and validation refuse in Russian; every change is in the
 * audit log and is a change event.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/client';
import { auditLog, catalogChanges } from '../../../db/schema';
import { call, createTestApi, type TestApi } from '../../../test-utils';
import { adminCall, adminRequest, staffSession, type TestStaff } from '../test-utils';

let api: TestApi;
let editor: TestStaff;
let manager: TestStaff;
let mediaDir: string;
const oldMediaDir = process.env.IMPORT_MEDIA_DIR;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'admin-media-'));
  process.env.IMPORT_MEDIA_DIR = mediaDir;
  api = await createTestApi(20);
  editor = await staffSession(api, 'editor');
  manager = await staffSession(api, 'manager');
});
afterAll(async () => {
  await api?.close();
  if (oldMediaDir === undefined) delete process.env.IMPORT_MEDIA_DIR;
  else process.env.IMPORT_MEDIA_DIR = oldMediaDir;
  await rm(mediaDir, { recursive: true, force: true });
});

async function upload(who: TestStaff, bytes: Uint8Array, type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'banner.png');
  const res = await adminRequest(api, who, 'POST', '/api/admin/media', { body: form });
  return {
    status: res.status,
    json: (await res.json()) as { url: string; width: number; height: number; message?: string },
  };
}

const banner = (image: string, extra: Record<string, unknown> = {}) => ({
  place: 'home',
  title: 'Летняя коллекция',
  text: 'Купальники нового сезона',
  image,
  imageAlt: 'Море и пляж',
  link: '/kupalniki',
  linkText: 'Смотреть',
  sort: -100,
  ...extra,
});

describe('banners and media', () => {
  let imageUrl = '';

  it('an editor uploads a picture: stored as WebP through the media pipeline and served at its URL', async () => {
    const png = await sharp({ create: { width: 3200, height: 1280, channels: 3, background: '#2e8fa3' } })
      .png()
      .toBuffer();
    const { status, json } = await upload(editor, png);
    expect(status).toBe(200);
    expect(json.url).toMatch(/^\/media\/import\/[0-9a-f]{32}\.webp$/);
    expect([json.width, json.height]).toEqual([2400, 960]);
    const served = await api.app.request(json.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    imageUrl = json.url;
  });

  it('refuses a file that is not a picture, in Russian', async () => {
    const { status, json } = await upload(editor, new TextEncoder().encode('<script>alert(1)</script>'), 'image/png');
    expect(status).toBe(400);
    expect(json.message).toMatch(/не является изображением/);
  });

  it('an editor creates a banner and the storefront API returns it; switched off, it leaves', async () => {
    const created = await adminCall(api, editor, 'POST', '/api/admin/banners', banner(imageUrl));
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ id: expect.any(Number), title: 'Летняя коллекция', active: true });
    const home = await call(api, 'GET', '/api/v1/banner');
    expect(home.json[0]).toMatchObject({ id: created.json.id, image: imageUrl, link: '/kupalniki' });

    const off = await adminCall(api, editor, 'PUT', `/api/admin/banners/${created.json.id}`, {
      ...created.json,
      active: false,
    });
    expect(off.status).toBe(200);
    const after = await call(api, 'GET', '/api/v1/banner');
    expect(after.json.map((b: { id: number }) => b.id)).not.toContain(created.json.id);

    const audit = await api.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'banners'), eq(auditLog.entityId, String(created.json.id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'update']);
    expect(audit.find((a) => a.action === 'update')).toMatchObject({
      staffId: editor.id,
      before: expect.objectContaining({ active: true }),
      after: expect.objectContaining({ active: false }),
    });
    const events = await api.handle.db.select().from(catalogChanges).where(eq(catalogChanges.tag, 'banners'));
    expect(events.length).toBeGreaterThanOrEqual(2);
  });

  it('a banner outside its dates is not shown', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const later = await adminCall(api, editor, 'POST', '/api/admin/banners', banner(imageUrl, { dateFrom: future }));
    expect(later.status).toBe(200);
    const home = await call(api, 'GET', '/api/v1/banner');
    expect(home.json.map((b: { id: number }) => b.id)).not.toContain(later.json.id);
  });

  it('lists with Content-Range, sort and search', async () => {
    const res = await adminRequest(
      api,
      editor,
      'GET',
      `/api/admin/banners?sort=${encodeURIComponent('["sort","ASC"]')}&range=[0,1]&filter=${encodeURIComponent('{"q":"летняя"}')}`,
    );
    expect(res.status).toBe(200);
    const list = (await res.json()) as { title: string }[];
    expect(list).toHaveLength(2);
    expect(list.every((b) => b.title === 'Летняя коллекция')).toBe(true);
    expect(res.headers.get('content-range')).toMatch(/^banners 0-1\/2$/);
  });

  it('refuses bad input with Russian field messages, and stores nothing', async () => {
    const bad = await adminCall(api, editor, 'POST', '/api/admin/banners', {
      ...banner('javascript:alert(1)'),
      title: '',
      dateFrom: '2026-12-01T00:00:00Z',
      dateTo: '2026-11-01T00:00:00Z',
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.image).toMatch(/Загрузите изображение/);
    expect(bad.json.errors.title).toMatch(/Заполните/);
    const empty = await rows<{ n: number }>(
      api.handle.db,
      sql`select count(*)::int as n from banners where title = ''`,
    );
    expect(Number(empty[0]!.n)).toBe(0);
  });

  it('a manager, a shopper and a request without the CSRF header are refused', async () => {
    expect((await adminCall(api, manager, 'POST', '/api/admin/banners', banner('/media/x.webp'))).status).toBe(403);
    expect((await adminCall(api, null, 'GET', '/api/admin/banners')).status).toBe(401);
    const noCsrf = await call(api, 'POST', '/api/admin/banners', banner('/media/x.webp'), { cookie: editor.cookie });
    expect(noCsrf.status).toBe(403);
    expect((await upload(manager, new Uint8Array([1, 2, 3]))).status).toBe(403);
  });
});

describe('articles', () => {
  it('an editor publishes an article and the storefront API returns it; the preview is sanitised', async () => {
    const preview = await adminCall(api, editor, 'POST', '/api/admin/articles/preview', {
      markdown: '# Новинки\n\nТекст **жирный** <script>alert(1)</script> [ссылка](javascript:alert(1))',
    });
    expect(preview.status).toBe(200);
    expect(preview.json.html).toContain('<h2>Новинки</h2>');
    expect(preview.json.html).toContain('<strong>жирный</strong>');
    expect(preview.json.html).not.toMatch(/script|javascript/);

    const created = await adminCall(api, editor, 'POST', '/api/admin/articles', {
      kind: 'news',
      slug: 'novaya-kollekciya-2027',
      title: 'Новая коллекция 2027',
      excerpt: 'Коротко о новинках',
      body: '## Что нового\n\nКупальники и парео.',
      cover: '/media/content/cover/1-2.webp',
      coverAlt: 'Пляж',
      publishedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(created.status).toBe(200);
    const list = await call(api, 'GET', '/api/v1/news');
    expect(list.json.results[0]).toMatchObject({ slug: 'novaya-kollekciya-2027', title: 'Новая коллекция 2027' });
    const one = await call(api, 'GET', '/api/v1/news/novaya-kollekciya-2027');
    expect(one.status).toBe(200);
    expect(one.json.text).toContain('Купальники и парео');

    const again = await adminCall(api, editor, 'POST', '/api/admin/articles', {
      ...created.json,
      title: 'Дубль',
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/адресом уже есть/);
  });

  it('an article dated in the future is not published yet', async () => {
    const created = await adminCall(api, editor, 'POST', '/api/admin/articles', {
      kind: 'blog',
      slug: 'zavtra',
      title: 'Завтра',
      cover: '/media/content/cover/1-1.webp',
      publishedAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(created.status).toBe(200);
    expect((await call(api, 'GET', '/api/v1/blog/zavtra')).status).toBe(404);
  });
});

describe('settings, pages, SEO, landings', () => {
  it('the header promo text and the organisation reach GET /v1/organization', async () => {
    const current = await adminCall(api, editor, 'GET', '/api/admin/settings/shop');
    expect(current.status).toBe(200);
    const saved = await adminCall(api, editor, 'PUT', '/api/admin/settings/shop', {
      ...current.json,
      promoText: 'Скидка 15% по промокоду ЛЕТО',
      linkTelegram: 'https://t.me/shop_test',
    });
    expect(saved.status).toBe(200);
    const org = await call(api, 'GET', '/api/v1/organization');
    expect(org.json).toMatchObject({
      promocode: 'Скидка 15% по промокоду ЛЕТО',
      link_telegram: 'https://t.me/shop_test',
    });
    const bad = await adminCall(api, editor, 'PUT', '/api/admin/settings/shop', { ...current.json, email: 'не почта' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.email).toMatch(/e-mail/);
  });

  it('an info page, an SEO record and a landing are created and read by the public API', async () => {
    const page = await adminCall(api, editor, 'POST', '/api/admin/pages', {
      path: 'usloviya-akcii',
      title: 'Условия акции',
      h1: 'Условия акции',
      body: 'Акция действует до конца месяца.',
    });
    expect(page.status).toBe(200);
    expect((await call(api, 'GET', '/api/v1/about/usloviya-akcii')).json).toMatchObject({ h1: 'Условия акции' });

    const seo = await adminCall(api, editor, 'POST', '/api/admin/seo', {
      url: '/usloviya-akcii/',
      title: 'Условия акции — магазин',
      description: 'Все условия',
      h1: 'Условия',
    });
    expect(seo.status).toBe(200);
    expect(seo.json.url).toBe('/usloviya-akcii');
    expect((await call(api, 'GET', '/api/v1/get_seo/?url=/usloviya-akcii/')).json).toMatchObject({
      title: 'Условия акции — магазин',
      h1_tag: 'Условия',
    });

    const landing = await adminCall(api, editor, 'POST', '/api/admin/landings', {
      slug: 'dlya-otpuska-2027',
      title: 'Для отпуска',
      h1: 'Для отпуска',
      categoryPath: 'kupalniki',
      filter: {},
    });
    expect(landing.status).toBe(200);
    const events = await api.handle.db
      .select()
      .from(catalogChanges)
      .where(eq(catalogChanges.tag, 'landing:dlya-otpuska-2027'));
    expect(events).toHaveLength(1);
    const removed = await adminCall(api, editor, 'DELETE', `/api/admin/landings/${landing.json.id}`);
    expect(removed.status).toBe(200);
    expect((await adminCall(api, editor, 'GET', `/api/admin/landings/${landing.json.id}`)).status).toBe(404);
  });
});
