'use client';

/**
 * The basket's «Купить в 1 клик» dialog (issue #33 item 4), loaded on demand by
 * basket-one-click.tsx: name and phone (components/one-click-form); POST /v1/one-click/ without
 * `item` orders the basket's lines (the `cart_id` cookie), with an Idempotency-Key kept for the
 * dialog's life. After success the basket is reloaded (the order emptied it).
 */
import { useState } from 'react';
import { Modal } from '@/components/modal/modal';
import { OneClickForm } from '@/components/one-click-form/one-click-form';
import { bffRequest } from '@/lib/api/bff-client';
import { NOTICE_MESSAGES, OneClickResponse } from '@/lib/api/contract/notices';
import { useBasketStore } from '@/stores/basket-store';
import { useSessionStore } from '@/stores/session-store';

/** The open dialog; `onClose` closes it. */
export function BasketOneClickDialog({ onClose }: { onClose: () => void }) {
  const user = useSessionStore((s) => s.user);
  const [key] = useState(() => crypto.randomUUID());
  return (
    <Modal open onClose={onClose} title="Купить в 1 клик" width={440}>
      <OneClickForm
        initialName={user?.first_name ?? ''}
        onSubmit={async ({ name, phone }) => {
          const answer = await bffRequest(
            'POST',
            '/v1/one-click/',
            OneClickResponse,
            { name, phone, personal_data_consent: true },
            { headers: { 'Idempotency-Key': key }, fallbackMessage: NOTICE_MESSAGES.oneClickFailed },
          );
          void useBasketStore.getState().init({ force: true });
          return answer.message;
        }}
      />
    </Modal>
  );
}
