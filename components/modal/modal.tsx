'use client';

/**
 * Accessible modal dialog on the native `<dialog>` element (focus trap, Escape and backdrop
 * handled by the browser). Controlled: `open` shows it with `showModal()`, `onClose` is called when
 * the shopper closes it (close button, Escape, backdrop click). Used by every popup of spec §2.
 *
 * A closed popup renders nothing (issue #7: the layout's six auth popups were ~4.7 kB of every
 * page's HTML); when `open` turns false the dialog is closed with `close()` before it leaves the
 * DOM, so the browser returns focus to the element that opened it.
 */
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Visible title, also the dialog's accessible name. */
  title: string;
  children: ReactNode;
  /** Max width, px. */
  width?: number;
  /** Extra class on the dialog. */
  className?: string;
}

/** A modal dialog titled `title`, rendered only while `open`; see the module docstring. */
export function Modal({ open, ...props }: ModalProps) {
  return open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({ onClose, title, children, width = 480, className }: Omit<ModalProps, 'open'>) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${className ?? ''}`}
      style={{ maxWidth: width }}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className={styles.body}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label="Закрыть" onClick={onClose}>
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
