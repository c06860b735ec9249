/**
 * Access to the operator console's API (issue #32 "Done when": a shopper's session cannot reach any
 * `/api/admin` route), generated from the OpenAPI document: every `/api/admin` operation except the
 * login answers
 * - 401 without a session, with a shopper's token (and its `token` cookie), and with a forged
 *   `admin_session` cookie;
 * - 403 for a staff role the roles matrix (docs/operator-console.md) keeps out of it (reviews, issue
 *   #33, are open to every role);
 * and, with an owner's session, never a 5xx for fuzzed bodies, ids and list queries (fast-check).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRequest, staffSession, type TestStaff } from '../routes/admin/test-utils';
import { call, createTestApi, type TestApi } from '../test-utils';
import type { StaffRole } from '../db/schema';

type Operation = { method: string; path: string; body: boolean };

/**
 * Who may use each console resource (the contract "Roles"); the owner may use everything.
 * Resources not listed (auth) are open to every staff member.
 */
const ROLES_OF: Record<string, StaffRole[]> = {
  staff: ['owner'],
  'audit-log': ['owner'],
  orders: ['owner', 'manager'],
  customers: ['owner', 'manager'],
  subscribers: ['owner', 'manager'],
  consents: ['owner', 'manager'],
  'promo-codes': ['owner', 'manager'],
  'gift-cards': ['owner', 'manager'],
  imports: ['owner', 'manager'],
  banners: ['owner', 'editor'],
  articles: ['owner', 'editor'],
  pages: ['owner', 'editor'],
  seo: ['owner', 'editor'],
  landings: ['owner', 'editor'],
  settings: ['owner', 'editor'],
  media: ['owner', 'editor'],
  reviews: ['owner', 'manager', 'editor'],
};
const OPEN_TO_STAFF = new Set(['auth', 'products']);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

let api: TestApi;
const ops: Operation[] = [];
let shopperToken = '';
const staff = {} as Record<StaffRole, TestStaff>;

beforeAll(async () => {
  api = await createTestApi(8);
  const doc = (await call(api, 'GET', '/api/openapi.json')).json as {
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  };
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/admin/')) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      ops.push({ method: method.toUpperCase(), path, body: Boolean(op.requestBody) });
    }
  }
  const login = await call(api, 'POST', '/api/v1/auth/', { username: 'demo@lumiere.test', password: 'Demo12345' });
  shopperToken = login.json.data.token;
  for (const role of ['owner', 'manager', 'editor'] as const) staff[role] = await staffSession(api, role);
}, 180_000);
afterAll(async () => api?.close());

const concrete = (path: string, id = '1') => path.replace(/\{[^}]+\}/g, id);
const resourceOf = (path: string) => path.split('/')[3] ?? '';
const isLogin = (op: Operation) => op.path === '/api/admin/auth/login';

describe('console access from the OpenAPI document', () => {
  it('documents the console (tag Консоль, AdminSession) and finds its operations', async () => {
    expect(ops.length).toBeGreaterThan(20);
    const doc = (await call(api, 'GET', '/api/openapi.json')).json;
    expect(doc.components.securitySchemes.AdminSession).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'admin_session',
    });
    for (const op of ops) {
      const declared = doc.paths[op.path][op.method.toLowerCase()];
      // «Консоль» or a section of it («Консоль: отзывы»).
      expect(
        declared.tags.some((t: string) => t.startsWith('Консоль')),
        `${op.method} ${op.path}`,
      ).toBe(true);
      if (!isLogin(op)) expect(declared.security, `${op.method} ${op.path}`).toEqual([{ AdminSession: [] }]);
    }
  });

  it('answers 401 without a session, with a shopper token and with a forged session cookie', async () => {
    const failures: string[] = [];
    for (const op of ops.filter((o) => !isLogin(o))) {
      const path = concrete(op.path);
      const body = op.body ? '{}' : undefined;
      const tries: Array<[string, Record<string, string>]> = [
        ['anonymous', { 'x-admin-request': '1' }],
        [
          'shopper',
          { 'x-admin-request': '1', authorization: `Token ${shopperToken}`, cookie: `token=${shopperToken}` },
        ],
        ['forged', { 'x-admin-request': '1', cookie: `admin_session=${shopperToken.replace(/[^A-Za-z0-9_-]/g, '')}` }],
      ];
      for (const [who, headers] of tries) {
        const res = await api.app.request(path, {
          method: op.method,
          headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
          body,
        });
        if (res.status !== 401) failures.push(`${who} ${op.method} ${path} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to every role the roles matrix keeps out', async () => {
    const failures: string[] = [];
    const unknown = new Set<string>();
    for (const op of ops.filter((o) => !isLogin(o))) {
      const resource = resourceOf(op.path);
      const allowed = ROLES_OF[resource];
      if (!allowed) {
        if (!OPEN_TO_STAFF.has(resource)) unknown.add(resource);
        continue;
      }
      for (const role of (['manager', 'editor'] as const).filter((r) => !allowed.includes(r))) {
        const res = await adminRequest(api, staff[role], op.method, concrete(op.path), {
          ...(op.body ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
        });
        if (res.status !== 403) failures.push(`${role} ${op.method} ${op.path} → ${res.status}`);
        else expect((await res.json()).message).toBe('Недостаточно прав');
      }
    }
    expect(failures).toEqual([]);
    // A new console resource must be placed in the roles matrix (here and in docs/operator-console.md).
    expect([...unknown]).toEqual([]);
  });

  it('refuses unsafe methods without X-Admin-Request (CSRF) even with a session', async () => {
    const failures: string[] = [];
    for (const op of ops.filter((o) => o.method !== 'GET')) {
      const res = await api.app.request(concrete(op.path), {
        method: op.method,
        headers: { cookie: staff.owner.cookie, 'content-type': 'application/json' },
        body: '{}',
      });
      if (res.status !== 403) failures.push(`${op.method} ${op.path} → ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it(`never answers 5xx to fuzzed ids, bodies and list queries of an owner (seed ${SEED})`, async () => {
    const hostile = fc.oneof(
      fc.constantFrom(
        '',
        '\u0000',
        '2147483648',
        '-1',
        '1.5',
        'null',
        '[]',
        '{}',
        '%',
        '..',
        'a'.repeat(5000),
        '𝔘\ud800',
      ),
      fc.string({ maxLength: 40 }),
    );
    const id = fc.oneof(
      fc.constantFrom('1', '2', '0', '999999', '2147483648', 'abc', '%00', '1e3'),
      fc.nat().map(String),
    );
    const json = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.dictionary(
        fc.constantFrom(
          'login',
          'name',
          'role',
          'password',
          'status',
          'notify',
          'full',
          'lines',
          'code',
          'current',
          'next',
          'disabled',
          'q',
        ),
        fc.oneof(hostile, fc.jsonValue({ maxDepth: 2 })),
      ),
    );
    const query = fc.record({
      sort: fc.oneof(
        hostile,
        fc.jsonValue().map((v) => JSON.stringify(v)),
      ),
      range: fc.oneof(
        hostile,
        fc.tuple(fc.integer(), fc.integer()).map((v) => JSON.stringify(v)),
      ),
      filter: fc.oneof(
        hostile,
        fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 })).map((v) => JSON.stringify(v)),
      ),
    });
    const failures: string[] = [];
    // Logging out or changing the password would end the session the fuzzing uses.
    const fuzzed = ops.filter((o) => !['/api/admin/auth/logout', '/api/admin/auth/password'].includes(o.path));
    for (const op of fuzzed) {
      await fc.assert(
        fc.asyncProperty(id, fc.option(json), query, async (idValue, body, q) => {
          const params = new URLSearchParams(q).toString();
          const path = `${concrete(op.path, encodeURIComponent(idValue))}${op.method === 'GET' ? `?${params}` : ''}`;
          const res = await adminRequest(api, staff.owner, op.method, path, {
            ...(op.method === 'GET' ? {} : { body: body === null ? 'not json{' : JSON.stringify(body) }),
            headers: { 'content-type': 'application/json' },
          });
          if (res.status >= 500 && res.status !== 502)
            failures.push(`${op.method} ${path} ${JSON.stringify(body)} → ${res.status}`);
          return true;
        }),
        { numRuns: 25, seed: SEED },
      );
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
