/**
 * Input a crawler or a scanner makes up, on every listing kind (issue #31 item 5 "no 500 from
 * input"): a page number past the last page is a 404, never a 500 nor an empty page of results,
 * and random facet values or search words never answer 5xx.
 */
import { expect, test } from '@playwright/test';
import { API_URL } from './helpers';

const PAGE_SIZE = 24;

/** One listing of each kind, with its number of goods (from the shop API). */
async function listings(): Promise<Array<{ kind: string; path: string; count: number }>> {
  const json = async (path: string) => (await fetch(`${API_URL}${path}`)).json();
  const sitemap = await json('/api/v1/sitemap/');
  const category = sitemap.categories[0];
  const menu = await json('/api/v1/preview_category/');
  const brand = (await json('/api/v1/brands/'))[0];
  const word = encodeURIComponent('купальник');
  const count = async (path: string) => Number((await json(path)).count);
  return [
    { kind: 'section', path: `/${category.path}`, count: await count(`/api/v1/offers/${category.path}/?limit=1`) },
    {
      kind: 'category',
      path: `/${menu[0].subcategories[0].path}`,
      count: await count(`/api/v1/offers/${menu[0].subcategories[0].path}/?limit=1`),
    },
    { kind: 'search', path: `/search?searchParam=${word}`, count: await count(`/api/v1/search/${word}/?limit=1`) },
    {
      kind: 'brand',
      path: `/brands/${brand.slug}`,
      count: await count(
        `/api/v1/offers/?limit=1&filters=${encodeURIComponent(JSON.stringify({ brands: [brand.slug] }))}`,
      ),
    },
    {
      kind: 'landing',
      path: `/landing/${sitemap.landings[0]}`,
      count: await count(`/api/v1/landing_page/${sitemap.landings[0]}/?limit=1`),
    },
    {
      kind: 'tag landing',
      path: `/${category.path}/tag/${category.tags[0]}`,
      count: await count(`/api/v1/offers/${category.path}/?limit=1&tag=${category.tags[0]}`),
    },
  ];
}

const withPage = (path: string, page: number) => `${path}${path.includes('?') ? '&' : '?'}page=${page}`;

test('a page past the last one is 404 on every listing kind, the last one is a page', async ({ request }) => {
  for (const { kind, path, count } of await listings()) {
    const last = Math.max(1, Math.ceil(count / PAGE_SIZE));
    for (const page of [last + 1, 500000]) {
      const res = await request.get(withPage(path, page));
      expect(res.status(), `${kind} ${withPage(path, page)} (${count} goods)`).toBe(404);
    }
    if (last > 1) expect((await request.get(withPage(path, last))).status(), `${kind} last page ${last}`).toBe(200);
  }
});

test('random facet values and search words never answer 5xx', async ({ request }) => {
  const values = ['zz9q', 'абв,где', '%D0%B7'.repeat(30), '123456789', '', 'a%2Cb', '\'"<>'];
  for (const { kind, path } of await listings()) {
    for (const value of values) {
      const v = encodeURIComponent(value);
      const url = `${path}${path.includes('?') ? '&' : '?'}brand=${v}&size=${v}&color=${v}&price=${v}-5&sort=${v}`;
      const res = await request.get(url);
      expect(res.status(), `${kind} ${url}`).toBeLessThan(500);
    }
  }
  for (const word of ['xq7', 'шубка лето', '%', '"; drop table', 'a'.repeat(300)]) {
    const res = await request.get(`/search?searchParam=${encodeURIComponent(word)}`);
    expect(res.status(), word).toBeLessThan(500);
  }
});
