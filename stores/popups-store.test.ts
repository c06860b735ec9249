/** Popups store (spec §2 Popups, §4 Popups): auth popups switch, Escape and route changes close. */
import { beforeEach, describe, expect, it } from 'vitest';
import { usePopupsStore } from './popups-store';

beforeEach(() => usePopupsStore.getState().closeAll());

describe('popups store', () => {
  it('switches between auth popups: opening registration closes login', () => {
    const s = usePopupsStore.getState();
    s.openPopup('login');
    s.openPopup('registration');
    expect(usePopupsStore.getState().isOpen('login')).toBe(false);
    expect(usePopupsStore.getState().isOpen('registration')).toBe(true);
  });

  it('keeps a non-auth popup open beside an auth popup, and Escape closes only auth popups and the size chart', () => {
    const s = usePopupsStore.getState();
    s.openPopup('help');
    s.openPopup('sizeChart');
    s.openPopup('login');
    s.closeOnEscape();
    const open = [...usePopupsStore.getState().open];
    expect(open).toEqual(['help']);
  });

  it('closes everything on a route change', () => {
    const s = usePopupsStore.getState();
    s.openPopup('help');
    s.openPopup('telegram');
    s.closeAll();
    expect(usePopupsStore.getState().open.size).toBe(0);
  });
});
