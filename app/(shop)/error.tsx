'use client';

/** Error boundary of shop pages: keeps header and footer (spec §2 "Error page", titled "Ошибка"). */
import { ErrorPage, type ErrorPageProps } from '@/features/popups/components/error-page';

/** Fallback UI for an unexpected error in a shop page. */
export default function ShopError(props: ErrorPageProps) {
  return (
    <div className="container">
      <ErrorPage {...props} />
    </div>
  );
}
