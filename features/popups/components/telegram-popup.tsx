'use client';

import { Modal } from '@/components/modal/modal';
import { usePopupsStore } from '@/stores/popups-store';
import { markTelegramClosed } from '../utils/page-views';
import styles from './widgets.module.css';

/**
 * The Telegram channel popup (spec §2 Popups, §4): invites to the shop's channel from the
 * organization record. Closing it (button, Escape, backdrop, or following the link) stores
 * `telegramPopupClosed`, so it never shows again. Loaded on demand.
 */
export function TelegramPopup({ channelHref }: { channelHref: string }) {
  const open = usePopupsStore((s) => s.open.has('telegram'));
  const closePopup = usePopupsStore((s) => s.closePopup);
  const close = () => {
    try {
      markTelegramClosed(localStorage);
    } catch {
      // Storage disabled: it may show again next time.
    }
    closePopup('telegram');
  };
  return (
    <Modal open={open} onClose={close} title="Мы в Telegram" width={440}>
      <p>Новинки, закрытые распродажи и промокоды — первыми в нашем Telegram-канале.</p>
      <p className={styles.actions}>
        <a href={channelHref} target="_blank" rel="noopener noreferrer" className="button" onClick={close}>
          Подписаться на канал
        </a>
      </p>
    </Modal>
  );
}
