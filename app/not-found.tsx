/**
 * 404 outside the shop layout (spec §2 "Error page"; also used when the shop layout itself 404s
 * because neither organization nor preview categories loaded).
 */
import type { Metadata } from 'next';
import { ErrorState } from '@/components/error-state/error-state';

export const metadata: Metadata = { title: 'Ошибка', robots: { index: false, follow: true } };

/** The root not-found page. */
export default function NotFound() {
  return (
    <main id="main">
      <ErrorState />
    </main>
  );
}
