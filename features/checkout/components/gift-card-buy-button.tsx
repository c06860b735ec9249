'use client';

/** "В корзину" of a certificate nominal: sets spec §3 giftCardExtId (one certificate per basket) and opens /basket. */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { href } from '@/lib/routes';
import { hydrateCheckoutStore, useCheckoutStore } from '@/stores/checkout-store';
import styles from './checkout.module.css';

/** The button; the basket shows the certificate once its data loaded (spec §4). */
export function GiftCardBuyButton({ extId }: { extId: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={styles.primary}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        hydrateCheckoutStore();
        await useCheckoutStore.getState().setGiftCardExtId(extId);
        router.push(href('basket'));
      }}
    >
      В корзину
    </button>
  );
}
