/**
 * 404 outside the shop layout (spec §2 "Error page"; also used when the shop layout itself 404s
 * because neither organization nor preview categories loaded).
 */
import { ErrorState } from '@/components/error-state/error-state';
import type { Metadata } from 'next';

// No robots here: Next already writes `<meta name="robots" content="noindex">` on every 404, and two
// robots metas disagreeing confuse crawlers (issue #14).
export const metadata: Metadata = { title: 'Ошибка' };

/** The root not-found page. */
export default function NotFound() {
  return (
    <main id="main">
      <ErrorState />
    </main>
  );
}
