'use client';

import { useState } from 'react';
import { lazyIsland } from '@/lib/lazy-island';

// Issue #33: the form, its validation and photo handling load when the shopper asks for them.
const ReviewFormDialog = lazyIsland(() => import('./review-form').then((m) => m.ReviewFormDialog));

/**
 * «Написать отзыв» (issue #33 item 1): a button whose click loads and opens the review form
 * (review-form.tsx). The only JavaScript the reviews add to a product page's first visit.
 * `className`: the button's layout class from the review list (passed, not imported, so that the
 * list's CSS module map stays out of the browser's code; issue #30).
 */
export function ReviewFormLauncher({
  productId,
  productName,
  className,
}: {
  productId: number;
  productName: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`button button-outline ${className ?? ''}`}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        Написать отзыв
      </button>
      {open ? (
        <ReviewFormDialog productId={productId} productName={productName} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}
