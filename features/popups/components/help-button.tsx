'use client';

import { usePopupsStore } from '@/stores/popups-store';

/** A "Помощь" button that opens the help popup (spec §2 Popups); for the footer and widgets. */
export function HelpButton({ className, children = 'Помощь' }: { className?: string; children?: React.ReactNode }) {
  const openPopup = usePopupsStore((s) => s.openPopup);
  return (
    <button type="button" className={className} onClick={() => openPopup('help')} aria-haspopup="dialog">
      {children}
    </button>
  );
}
