/**
 * Review moderation in the operator console's API (issue #33 item 1 with #32): the same list and
 * decisions as the operator-key routes, behind the console guard (`requireStaff`: manager or
 * editor; the owner always passes), each decision written to the console's audit log in the
 * transaction that makes it. The console's screen for it is #32's to build.
 */
import { z } from '@hono/zod-openapi';
import { ModerationQuery, ModerationReview } from '@/lib/api/contract/reviews';
import { recordAudit } from '../../services/admin/audit';
import { moderateReview, moderationList } from '../../services/reviews';
import { IdParams } from '../admin/content/crud-routes';
import { currentStaff, requireStaff } from '../admin/guard';
import { setContentRange } from '../admin/list-query';
import { jsonResponses } from '../docs';
import { openapiRoute, routeGroup } from '../openapi';
import type { ApiApp, AppEnv } from '../../types';
import type { Context } from 'hono';

const group = routeGroup({ tags: ['Консоль: отзывы'], security: [{ AdminSession: [] }] });
// A positive int4: ten digits let 9999999999 through to PostgreSQL (22003, caught as a 400 only
// by the safety net); the console's own `{id}` check refuses it first.
const id = { params: IdParams };

export const adminList = group.get(
  '/api/admin/reviews',
  { query: ModerationQuery },
  jsonResponses(
    z.array(ModerationReview),
    'Отзывы с этим статусом (по умолчанию на проверке), старые первыми',
    [400, 401, 403],
  ),
);
export const adminApprove = group.post(
  '/api/admin/reviews/{id}/approve',
  id,
  jsonResponses(ModerationReview, 'Отзыв одобрен', [400, 401, 403, 404]),
);
export const adminReject = group.post(
  '/api/admin/reviews/{id}/reject',
  id,
  jsonResponses(ModerationReview, 'Отзыв отклонён', [400, 401, 403, 404]),
);

async function decide(c: Context<AppEnv>, status: 'approved' | 'rejected') {
  const staff = currentStaff(c);
  const review = await moderateReview(c.var.db, Number(c.req.param('id')), status, `admin:${staff.id}`, (tx, r) =>
    recordAudit(tx, {
      staffId: staff.id,
      action: status === 'approved' ? 'approve' : 'reject',
      entity: 'reviews',
      entityId: r.id,
      after: { status },
    }).then(() => undefined),
  );
  return c.json(review, 200);
}

/** Registers /api/admin/reviews (the guard first, as the console's other routes do). */
export function registerAdminReviewRoutes(app: ApiApp) {
  app.use('/api/admin/reviews', requireStaff('manager', 'editor'));
  app.use('/api/admin/reviews/*', requireStaff('manager', 'editor'));
  openapiRoute(
    app,
    adminList,
    (async (c: Context<AppEnv>) => {
      const { status } = ModerationQuery.parse({ status: c.req.query('status') });
      const list = await moderationList(c.var.db, status);
      setContentRange(c, 'reviews', 0, list.length, list.length);
      return c.json(list, 200);
    }) as never,
    { what: 'Проверьте запрос' },
  );
  openapiRoute(app, adminApprove, ((c: Context<AppEnv>) => decide(c, 'approved')) as never, {
    what: 'Отзыв не найден',
  });
  openapiRoute(app, adminReject, ((c: Context<AppEnv>) => decide(c, 'rejected')) as never, { what: 'Отзыв не найден' });
}
