'use client';

/**
 * «Купить в 1 клик» under the basket's checkout button (issue #33 item 4): the button only; its
 * dialog (basket-one-click-dialog.tsx) loads when clicked.
 */
import { useState } from 'react';
import { lazyIsland } from '@/lib/lazy-island';

const BasketOneClickDialog = lazyIsland(() => import('./basket-one-click-dialog').then((m) => m.BasketOneClickDialog));

/** The button (`className`: basket-page.module.css `oneClick`, from BasketPage) and, once clicked, the dialog. */
export function BasketOneClick({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        Купить в 1 клик
      </button>
      {open ? <BasketOneClickDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
