/**
 * Which popups are open (spec §2 "Popups", §4 "Popups"). One store for every popup so that a route
 * change can close them all (spec §2 "Behaviour on every navigation") and Escape can close the
 * auth popups and the size chart.
 */
import { create } from 'zustand';

/** Every popup of spec §2. */
export const POPUPS = [
  'registration',
  'login',
  'forgotPassword',
  'passwordChange',
  'completeRegistration',
  'checkoutChoice',
  'writeIn',
  'sizeChart',
  'help',
  'orderAccepted',
  'telegram',
  'mobileMenu',
] as const;
export type PopupName = (typeof POPUPS)[number];

/** Popups closed by Escape (spec §2 Layout: "Escape closes all auth popups and the size chart"). */
export const ESCAPE_CLOSES: readonly PopupName[] = [
  'registration',
  'login',
  'forgotPassword',
  'passwordChange',
  'completeRegistration',
  'writeIn',
  'checkoutChoice',
  'sizeChart',
];

/** The auth popups: opening one closes the others (spec §4: they switch between each other). */
export const AUTH_POPUPS: readonly PopupName[] = [
  'registration',
  'login',
  'forgotPassword',
  'passwordChange',
  'completeRegistration',
  'writeIn',
  'checkoutChoice',
];

interface PopupsState {
  /** Open popups. */
  open: ReadonlySet<PopupName>;
  /** Opens a popup; an auth popup replaces any other open auth popup. */
  openPopup: (name: PopupName) => void;
  closePopup: (name: PopupName) => void;
  /** Closes every popup (route change). */
  closeAll: () => void;
  /** Closes the popups Escape closes. */
  closeOnEscape: () => void;
  isOpen: (name: PopupName) => boolean;
}

/** The popups store (not persisted). */
export const usePopupsStore = create<PopupsState>()((set, get) => ({
  open: new Set(),
  openPopup: (name) =>
    set(({ open }) => {
      const next = new Set(AUTH_POPUPS.includes(name) ? [...open].filter((p) => !AUTH_POPUPS.includes(p)) : open);
      next.add(name);
      return { open: next };
    }),
  closePopup: (name) =>
    set(({ open }) => {
      if (!open.has(name)) return {};
      const next = new Set(open);
      next.delete(name);
      return { open: next };
    }),
  closeAll: () => set({ open: new Set() }),
  closeOnEscape: () => set(({ open }) => ({ open: new Set([...open].filter((p) => !ESCAPE_CLOSES.includes(p))) })),
  isOpen: (name) => get().open.has(name),
}));
