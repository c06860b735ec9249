/**
 * /admin — the operator console (issue #32). Rendered per request (never a cached page: the
 * storefront's page cache stores only answers marked public) and kept out of search engines
 * (noindex here, disallowed in robots.txt, absent from the sitemap).
 */
import { AdminLoader } from '@/features/admin/components/admin-loader';
import type { Metadata } from 'next';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Консоль',
  robots: { index: false, follow: false, nocache: true },
};

/** The console's page: its client root only. */
export default function AdminPage() {
  return <AdminLoader />;
}
