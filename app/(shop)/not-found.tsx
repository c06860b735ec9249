/** 404 inside the shop layout, with header and footer (spec §2 "Error page", titled "Ошибка"). */
import type { Metadata } from 'next';
import { ErrorState } from '@/components/error-state/error-state';

export const metadata: Metadata = { title: 'Ошибка', robots: { index: false, follow: true } };

/** The shop's not-found page. */
export default function ShopNotFound() {
  return (
    <div className="container">
      <ErrorState />
    </div>
  );
}
