/**
 * Content change events (issue #32): a console change committed with {@link noteContentChanged}
 * reaches the storefront as its cache tags within a round of the change-events dispatcher; a
 * rolled-back change posts nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners } from '../../db/schema';
import { createTestApi, type TestApi } from '../../test-utils';
import { startChangeEvents, type ChangeEvents, type ChangeRound } from '../change-events';
import { CONTENT_TAGS, noteContentChanged } from './content-events';

let api: TestApi;
let events: ChangeEvents;
const posted: string[][] = [];
const rounds: ChangeRound[] = [];

beforeAll(async () => {
  api = await createTestApi(10);
  events = await startChangeEvents(api.handle, {
    revalidateUrls: ['http://storefront.test/api/revalidate'],
    secret: 'revalidate-secret-0123456789',
    coalesceMs: 20,
    pollMs: 200,
    reexpireMs: [],
    fetchImpl: (async (_url: string | URL | Request, init?: RequestInit) => {
      posted.push(JSON.parse(String(init?.body)).tags);
      return new Response('{}', { status: 200 });
    }) as typeof fetch,
    onRound: (round) => rounds.push(round),
  });
});
afterAll(async () => {
  await events?.stop();
  await api?.close();
});

describe('content change events', () => {
  it('a committed banner change posts the banner tags to the storefront, and nothing of the catalogue', async () => {
    await api.handle.db.transaction(async (tx) => {
      await tx.insert(banners).values({
        place: 'home',
        title: 'Лето',
        text: '',
        image: '/media/content/banner/1-1.webp',
        imageAlt: 'Море',
        link: '/kupalniki',
        linkText: 'Смотреть',
      });
      await noteContentChanged(tx, CONTENT_TAGS.banners);
    });
    await events.flush();
    const round = rounds.at(-1)!;
    expect(round.tags.sort()).toEqual(['banners', 'content']);
    expect(round.catalog).toBe(false);
    expect(posted.at(-1)!.sort()).toEqual(['banners', 'content']);
  });

  it('a rolled-back change posts nothing', async () => {
    const before = posted.length;
    await expect(
      api.handle.db.transaction(async (tx) => {
        await noteContentChanged(tx, ['landing:leto']);
        throw new Error('откат');
      }),
    ).rejects.toThrow('откат');
    await events.flush();
    expect(posted.slice(before).flat()).not.toContain('landing:leto');
  });
});
