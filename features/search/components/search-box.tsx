'use client';

import { useEffect, useId, useRef, useState } from 'react';
import type { CssClasses } from '@/lib/css-classes';
import { lazyIsland } from '@/lib/lazy-island';

const SearchPanel = lazyIsland(() => import('./search-panel').then((m) => m.SearchPanel));

/**
 * The header search bar (spec §2 Layout "Search bar", §5 search submit rule): a search icon that
 * slides a panel in from the right; the panel closes on an outside click or Escape. As the shopper
 * types (after 200 ms, spec §9 default fetch delay) it asks GET /api/v1/search_suggest/?q= and
 * shows categories, brands and products with image and price in an ARIA combobox: ↑/↓ move, Enter
 * opens the highlighted suggestion, otherwise submits to /search?searchParam=. A submit of empty
 * or single-space text is ignored. Without JavaScript the icon is a link to /search. The panel
 * (form, suggestions) is `SearchPanel`, loaded on the first open (issue #7 JS budget).
 * `searchPath` is `href('search')`, given by the server layout (the route table stays out of the
 * browser, issue #30), `classes` search-box.module.css's class names (lib/css-classes.ts).
 */
export function SearchBox({ searchPath, classes: styles }: { searchPath: string; classes: CssClasses }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = `${useId()}-panel`;

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  return (
    <div ref={rootRef} className={styles.root}>
      <a
        href={searchPath}
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={(event) => {
          event.preventDefault();
          setOpened(true);
          setOpen((value) => !value);
        }}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>Поиск</span>
      </a>
      {opened ? (
        <SearchPanel id={panelId} open={open} onClose={() => setOpen(false)} />
      ) : (
        <div id={panelId} className={styles.panel} hidden data-testid="search-panel" />
      )}
    </div>
  );
}
