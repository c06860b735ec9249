'use client';

import { Modal } from '@/components/modal/modal';
import { usePopupsStore } from '@/stores/popups-store';
import { HelpForm } from './help-form';

/** The help popup (spec §2 Popups, §4): a modal titled "Помощь" with the help form. Loaded on demand. */
export function HelpPopup() {
  const open = usePopupsStore((s) => s.open.has('help'));
  const close = usePopupsStore((s) => s.closePopup);
  return (
    <Modal open={open} onClose={() => close('help')} title="Помощь" width={520}>
      <p>Напишите нам — ответим в рабочее время, ежедневно с 10:00 до 22:00 по московскому времени.</p>
      <HelpForm />
    </Modal>
  );
}
