'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { usePopupsStore } from '@/stores/popups-store';
import { isProductPath, productShareLinks, type MessengerLinks } from '../utils/messenger-links';
import styles from './widgets.module.css';

/**
 * The floating messenger widget (spec §1): a round button at the bottom right that opens a panel
 * to write to an operator (Telegram, WhatsApp, VK from the organization record), open the help
 * popup, and — on a product page — send a link to this product. Loaded only after cookie consent.
 * The panel closes on Escape, on an outside click and on route changes.
 */
export function MessengerWidget({ links }: { links: MessengerLinks }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [productUrl, setProductUrl] = useState<string | null>(null);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const openPopup = usePopupsStore((s) => s.openPopup);

  useEffect(() => {
    // Route change: close the panel and recompute the product link for the new page.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- syncing with the URL, an external system
    setOpen(false);
    setProductUrl(isProductPath(pathname) ? window.location.href.split('#')[0]! : null);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onClick = (e: MouseEvent) => root.current && !root.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [open]);

  const operators = [
    { name: 'Telegram', href: links.telegram },
    { name: 'WhatsApp', href: links.whatsapp },
    { name: 'ВКонтакте', href: links.vk },
  ].filter((l): l is { name: string; href: string } => Boolean(l.href));
  const shares = productUrl ? productShareLinks(productUrl, links) : [];

  return (
    <div ref={root} className={styles.messenger}>
      {open ? (
        <div id={panelId} className={styles.messengerPanel} role="region" aria-label="Связаться с нами">
          <p className={styles.panelTitle}>Напишите оператору</p>
          <ul className={styles.panelList}>
            {operators.map((l) => (
              <li key={l.name}>
                <a href={l.href} target="_blank" rel="noopener noreferrer">
                  {l.name}
                </a>
              </li>
            ))}
            <li>
              <button type="button" className={styles.linkButton} onClick={() => (setOpen(false), openPopup('help'))}>
                Помощь: форма обратной связи
              </button>
            </li>
          </ul>
          {shares.length > 0 ? (
            <>
              <p className={styles.panelTitle}>Отправить ссылку на этот товар</p>
              <ul className={styles.panelList}>
                {shares.map((l) => (
                  <li key={l.name}>
                    <a href={l.href} target="_blank" rel="noopener noreferrer" data-product-link>
                      Отправить в {l.name}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      <button
        type="button"
        className={styles.messengerButton}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? 'Закрыть окно связи' : 'Написать нам в мессенджер'}
        onClick={() => setOpen((v) => !v)}
      >
        <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">
          {open ? (
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
          ) : (
            <path d="M4 5h16v11H8l-4 4V5z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          )}
        </svg>
      </button>
    </div>
  );
}
