/**
 * `POST /api/revalidate`: the revalidation webhook of issue #13 (lib/revalidation.ts says what it
 * takes; docs/caching.md says who calls it). 401 without the secret, 400 for a malformed body,
 * 200 `{status: "success", tags, paths, ignored}` once the tags are expired in this process; the
 * call is passed on to the other storefront processes (storefront-server/serve.ts fan-out).
 */
import { revalidatePath, revalidateTag } from 'next/cache';
import { env } from '@/lib/env';
import {
  FANOUT_HEADER,
  FANOUT_MESSAGE,
  hasSecret,
  parseRevalidation,
  REVALIDATION_MESSAGES,
  RevalidationBatcher,
} from '@/lib/revalidation';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const batcher = new RevalidationBatcher(50);

function answer(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

/** Expires the named tags and paths now (`{ expire: 0 }`: the next request renders fresh). */
export async function POST(request: Request): Promise<Response> {
  if (!hasSecret(request.headers.get('authorization'), env.REVALIDATE_SECRET)) {
    return answer(401, { status: 'error', message: REVALIDATION_MESSAGES.unauthorized });
  }
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    return answer(400, { status: 'error', message: REVALIDATION_MESSAGES.badBody });
  }
  const call = parseRevalidation(json);
  if (!call) return answer(400, { status: 'error', message: REVALIDATION_MESSAGES.badBody });
  if (call.ignored > 0) console.warn(`[revalidate] ${call.ignored} unknown tag(s) or path(s) ignored`);

  // A call passed on by a sibling worker was already merged there: applied at once.
  const fanout = Boolean(request.headers.get(FANOUT_HEADER));
  const batch = fanout ? { tags: call.tags, paths: call.paths } : await batcher.add(call.tags, call.paths);
  if (batch) {
    for (const tag of batch.tags) revalidateTag(tag, { expire: 0 });
    for (const path of batch.paths) revalidatePath(path);
    // The micro-cache (storefront-server/serve.ts) expires its copies when the cache handler has applied
    // these tags (deploy/next-cache-handler-local.mjs), which happens after this handler returns.
    if (!fanout && typeof process.send === 'function') {
      process.send({ type: FANOUT_MESSAGE, tags: batch.tags, paths: batch.paths });
    }
  }
  return answer(200, { status: 'success', tags: call.tags, paths: call.paths, ignored: call.ignored });
}
