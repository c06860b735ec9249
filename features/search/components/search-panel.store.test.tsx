/** Spec §3 (issue #14 item 12): the submitted search text is kept in lkData and fills the search field next time. */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LK_DATA_KEY } from '@/stores/lk-data-storage';
import { useSearchStore } from '@/stores/search-store';
import { SearchPanel } from './search-panel';

afterEach(() => {
  useSearchStore.setState({ searchParam: '' });
  vi.restoreAllMocks();
});

describe('SearchPanel and lkData.search', () => {
  it('stores the submitted text in lkData, ignores an empty submit, and opens with the stored text', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // jsdom cannot follow the form's GET
    const { unmount } = render(<SearchPanel id="s" open onClose={() => {}} />);
    const input = screen.getByRole('combobox', { name: 'Поиск по каталогу' });
    fireEvent.change(input, { target: { value: ' ' } });
    fireEvent.submit(input.closest('form')!);
    expect(localStorage.getItem(LK_DATA_KEY) ?? '').not.toContain('"searchParam":" "');

    fireEvent.change(input, { target: { value: '  купальник  ' } });
    fireEvent.submit(input.closest('form')!);
    expect(JSON.parse(localStorage.getItem(LK_DATA_KEY)!).search.state.searchParam).toBe('купальник');
    unmount();

    // Next visit: an empty store, the text only in lkData.
    useSearchStore.setState({ searchParam: '' });
    localStorage.setItem(LK_DATA_KEY, JSON.stringify({ search: { state: { searchParam: 'купальник' }, version: 0 } }));
    void useSearchStore.persist.rehydrate();
    render(<SearchPanel id="s2" open onClose={() => {}} />);
    expect(screen.getByRole('combobox', { name: 'Поиск по каталогу' })).toHaveValue('купальник');
  });
});
