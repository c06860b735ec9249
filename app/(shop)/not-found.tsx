/** 404 inside the shop layout, with header and footer (spec §2 "Error page", titled "Ошибка"). */
import { ErrorState } from '@/components/error-state/error-state';
import type { Metadata } from 'next';

// No robots here: Next already writes `<meta name="robots" content="noindex">` on every 404, and two
// robots metas disagreeing confuse crawlers (issue #14).
export const metadata: Metadata = { title: 'Ошибка' };

/** The shop's not-found page. */
export default function ShopNotFound() {
  return (
    <div className="container">
      <ErrorState />
    </div>
  );
}
