/**
 * Social login (spec §4 Session "Social login", §7 social exchange; DESIGN.md: VK ID OAuth when
 * configured, buttons hidden otherwise). VK ID's authorization-code flow with PKCE:
 * POST https://id.vk.com/oauth2/auth (code → access_token), then
 * POST https://id.vk.com/oauth2/user_info (→ user_id, names, e-mail).
 */
import { eq } from 'drizzle-orm';
import type { SocialExchangeBody, SocialProvidersResponse } from '@/lib/api/contract/accounts';
import { ACCOUNT_MESSAGES } from '@/lib/messages/accounts';
import { users } from '../db/schema';
import { serverEnv } from '../env';
import { ApiHttpError } from '../http';
import { userByEmail, type UserRow } from './auth';
import type { Db } from '../db/client';
import type { z } from 'zod';

const VK_ID = 'https://id.vk.com';

/** Configured providers with what the storefront needs to start the flow. */
export function socialProviders(): SocialProvidersResponse['providers'] {
  const env = serverEnv;
  if (!env.VK_CLIENT_ID || !env.VK_CLIENT_SECRET) return [];
  return [{ provider: 'vk', client_id: env.VK_CLIENT_ID, authorize_url: `${VK_ID}/authorize` }];
}

/** What a provider tells us about the user. */
export interface SocialProfile {
  vkId: string;
  email: string | null;
  firstName: string;
  lastName: string;
}

/**
 * Exchanges a VK ID code for the user's profile.
 * @throws ApiHttpError 400 "Не удалось войти через соцсеть…" when VK refuses or is unreachable.
 */
export async function exchangeVkCode(
  body: z.output<typeof SocialExchangeBody>,
  fetchImpl: typeof fetch = fetch,
): Promise<SocialProfile> {
  const env = serverEnv;
  const fail = () => new ApiHttpError(400, ACCOUNT_MESSAGES.socialFailed);
  try {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: body.code,
      client_id: env.VK_CLIENT_ID!,
      client_secret: env.VK_CLIENT_SECRET!,
      redirect_uri: body.redirectUri,
      ...(body.codeVerifier ? { code_verifier: body.codeVerifier } : {}),
      ...(body.deviceId ? { device_id: body.deviceId } : {}),
      ...(body.state ? { state: body.state } : {}),
    });
    const tokenRes = await fetchImpl(`${VK_ID}/oauth2/auth`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    const tokenJson = (await tokenRes.json()) as { access_token?: string; user_id?: number | string };
    if (!tokenRes.ok || !tokenJson.access_token) throw fail();
    const infoRes = await fetchImpl(`${VK_ID}/oauth2/user_info`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: env.VK_CLIENT_ID!, access_token: tokenJson.access_token }),
      signal: AbortSignal.timeout(10_000),
    });
    const info = (await infoRes.json()) as {
      user?: { user_id?: string | number; first_name?: string; last_name?: string; email?: string };
    };
    const id = info.user?.user_id ?? tokenJson.user_id;
    if (!infoRes.ok || id === undefined) throw fail();
    return {
      vkId: String(id),
      email: info.user?.email ? info.user.email.toLowerCase() : null,
      firstName: (info.user?.first_name ?? '').slice(0, 50),
      lastName: (info.user?.last_name ?? '').slice(0, 50),
    };
  } catch (error) {
    if (error instanceof ApiHttpError) throw error;
    throw fail();
  }
}

/**
 * The shop user of a VK profile: the one linked to this VK id, else the user with the profile's
 * e-mail (now linked to it), else a new user without a password.
 */
export async function userForVkProfile(db: Db, profile: SocialProfile): Promise<UserRow> {
  const [byVk] = await db.select().from(users).where(eq(users.vkId, profile.vkId)).limit(1);
  if (byVk) return byVk;
  const existing = profile.email ? await userByEmail(db, profile.email) : null;
  if (existing) {
    const [linked] = await db.update(users).set({ vkId: profile.vkId }).where(eq(users.id, existing.id)).returning();
    if (linked) return linked;
  }
  const [created] = await db
    .insert(users)
    .values({ vkId: profile.vkId, email: profile.email, firstName: profile.firstName, lastName: profile.lastName })
    .returning();
  return created!;
}
