/**
 * Publications API (spec §7 Content: /v1/news, /v1/blog, /v1/{content}?offset=, /v1/about/{path},
 * /v1/banner, /v1/containerbanners, /v1/instagramm_posts): answers match the contract, pages
 * continue with offset, unknown slugs are 404 and bad input 400, with Russian messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api/contract/common';
import {
  Article,
  ArticlesPage,
  ARTICLES_PAGE_SIZE,
  Banner,
  InfoPage,
  InstagramPost,
} from '@/lib/api/contract/publications';
import { call, createTestApi, type TestApi } from '../../test-utils';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi(20);
});
afterAll(async () => {
  await api?.close();
});

function expectError(res: { status: number; json: unknown }, status: number, message?: RegExp) {
  expect(res.status).toBe(status);
  const body = ApiError.parse(res.json);
  expect(body.message).toMatch(message ?? /[а-яё]/i);
}

/** Every static route of spec §2 whose content is ours (issue 6). */
const INFO_PATHS = [
  'about',
  'address',
  'contacts',
  'requisites',
  'publick-offer',
  'privacy-policy',
  'cookie',
  'return-goods',
  'delivery-and-payments',
  'fitting-conditions',
  'discount',
  'rules-discount',
  'card',
  'story',
  'instagram',
  'send',
  'empty',
];

describe('news and blog', () => {
  for (const kind of ['news', 'blog'] as const) {
    it(`lists ${kind} newest first and continues with offset ("Показать ещё")`, async () => {
      const first = await call(api, 'GET', `/api/v1/${kind}`);
      expect(first.status).toBe(200);
      const page1 = ArticlesPage.parse(first.json);
      expect(page1.count).toBeGreaterThanOrEqual(8);
      expect(page1.results).toHaveLength(ARTICLES_PAGE_SIZE);
      expect(page1.results.every((a) => a.kind === kind)).toBe(true);
      const dates = page1.results.map((a) => Date.parse(a.published_at));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);

      const more = ArticlesPage.parse((await call(api, 'GET', `/api/v1/${kind}?offset=${ARTICLES_PAGE_SIZE}`)).json);
      expect(more.offset).toBe(ARTICLES_PAGE_SIZE);
      expect(more.results.length).toBe(page1.count - ARTICLES_PAGE_SIZE);
      const ids = new Set(page1.results.map((a) => a.id));
      expect(more.results.some((a) => ids.has(a.id))).toBe(false);
    });

    it(`opens a ${kind} article by slug with its text and a cover that exists`, async () => {
      const list = ArticlesPage.parse((await call(api, 'GET', `/api/v1/${kind}/`)).json);
      const slug = list.results[0]!.slug;
      const res = await call(api, 'GET', `/api/v1/${kind}/${slug}`);
      expect(res.status).toBe(200);
      const article = Article.parse(res.json);
      expect(article.text.length).toBeGreaterThan(100);
      expect(article.title).toMatch(/[а-яё]/i);
      const cover = await api.app.request(article.cover);
      expect(cover.status).toBe(200);
      expect(cover.headers.get('content-type')).toBe('image/webp');
    });
  }

  it('answers 404 with a Russian message for an unknown article, and news slugs are not blog slugs', async () => {
    expectError(await call(api, 'GET', '/api/v1/news/net-takoy-novosti'), 404, /Новость не найдена/);
    expectError(await call(api, 'GET', '/api/v1/blog/net-takoy-stati'), 404, /Статья не найдена/);
    const news = ArticlesPage.parse((await call(api, 'GET', '/api/v1/news')).json);
    expectError(await call(api, 'GET', `/api/v1/blog/${news.results[0]!.slug}`), 404);
  });

  it('rejects bad offsets, limits and slugs with 400', async () => {
    expectError(await call(api, 'GET', '/api/v1/news?offset=-1'), 400, /offset не может быть отрицательным/);
    expectError(await call(api, 'GET', '/api/v1/blog?offset=abc'), 400, /offset/);
    expectError(await call(api, 'GET', '/api/v1/blog?limit=500'), 400, /limit должен быть от 1 до 50/);
    expectError(
      await call(api, 'GET', `/api/v1/news/${encodeURIComponent('<script>')}`),
      400,
      /Некорректный адрес статьи/,
    );
  });

  it('does not let /v1/{content} shadow other paths', async () => {
    expectError(await call(api, 'GET', '/api/v1/newsletter'), 404, /Не найдено/);
  });
});

describe('info pages', () => {
  it.each(INFO_PATHS)('GET /v1/about/%s returns a page with a Russian title, h1 and text', async (path) => {
    const res = await call(api, 'GET', `/api/v1/about/${path}`);
    expect(res.status).toBe(200);
    const page = InfoPage.parse(res.json);
    expect(page.path).toBe(path);
    expect(page.title).toMatch(/[а-яё]|Instagram/i);
    expect(page.h1.length).toBeGreaterThan(3);
    expect(page.text.length).toBeGreaterThan(40);
  });

  it('the requisites carry an INN, OGRN and bank details', async () => {
    const page = InfoPage.parse((await call(api, 'GET', '/api/v1/about/requisites')).json);
    expect(page.text).toMatch(/ИНН \/ КПП \| \d{10} \/ \d{9}/);
    expect(page.text).toMatch(/ОГРН \| \d{13}/);
    expect(page.text).toMatch(/БИК \| \d{9}/);
  });

  it('answers 404 for an unknown page and 400 for a malformed path', async () => {
    expectError(await call(api, 'GET', '/api/v1/about/net-takoy'), 404, /Страница не найдена/);
    expectError(
      await call(api, 'GET', `/api/v1/about/${encodeURIComponent('../etc')}`),
      400,
      /Некорректный адрес страницы/,
    );
  });
});

describe('banners and Instagram', () => {
  it('home banners link inside the shop and have alt texts', async () => {
    const res = await call(api, 'GET', '/api/v1/banner');
    const list = z.array(Banner).parse(res.json);
    expect(list.length).toBeGreaterThanOrEqual(2);
    for (const b of list) {
      expect(b.link.startsWith('/')).toBe(true);
      expect(b.image_alt).toMatch(/[а-яё]/i);
    }
  });

  it('container banners filter by section and reject a bad section', async () => {
    const all = z.array(Banner).parse((await call(api, 'GET', '/api/v1/containerbanners')).json);
    const obuv = z.array(Banner).parse((await call(api, 'GET', '/api/v1/containerbanners?section=obuv')).json);
    expect(obuv.every((b) => b.section === null || b.section === 'obuv')).toBe(true);
    expect(obuv.length).toBeLessThan(all.length);
    expectError(await call(api, 'GET', '/api/v1/containerbanners?section=1;drop'), 400, /латинскими буквами/);
  });

  it('Instagram posts come newest first with pictures', async () => {
    const posts = z.array(InstagramPost).parse((await call(api, 'GET', '/api/v1/instagramm_posts')).json);
    expect(posts.length).toBeGreaterThanOrEqual(6);
    const picture = await api.app.request(posts[0]!.image);
    expect(picture.status).toBe(200);
    expect((await api.app.request('/media/content/cover/9-0.webp')).status).toBe(404);
  });
});
