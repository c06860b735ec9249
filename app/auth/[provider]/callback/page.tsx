/**
 * /auth/{provider}/callback: where VK ID sends the social login popup back (spec §4 Session
 * "Social login", §9 popup 580×400). Outside the shop layout: the 580×400 popup shows only the
 * callback's status or error (features/auth SocialCallback). Register
 * `{SITE_URL}/auth/vk/callback` as the trusted redirect URL of the VK ID application.
 */
import { SocialCallback } from '@/features/auth/components/social-callback';
import type { Metadata } from 'next';

export const metadata: Metadata = {
  title: 'Вход через соцсеть',
  robots: { index: false, follow: false },
  // The query carries the one-time VK code.
  referrer: 'no-referrer',
};

/** The callback page (client work only; the query is read in the browser). */
export default async function SocialCallbackPage({ params }: { params: Promise<{ provider: string }> }) {
  const { provider } = await params;
  return <SocialCallback provider={provider} />;
}
