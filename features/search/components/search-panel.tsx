'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Suggestions } from '@/lib/api/contract/facets';
import { isSection } from '@/lib/catalog-path';
import { DEFAULT_FETCH_DELAY_MS, SECTION_NAMES } from '@/lib/constants';
import { formatPrice } from '@/lib/format/price';
import { QueryIsland } from '@/lib/query-client';
import { catalogHref, href } from '@/lib/routes';
import { hydrateSearchStore, useSearchStore } from '@/stores/search-store';
import { SUGGEST_MIN_LENGTH, suggestionsQuery } from '../api/search-queries';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import styles from './search-box.module.css';

type Option = {
  id: string;
  href: string;
  kind: 'category' | 'brand' | 'product';
  label: string;
  extra?: string;
  image?: string | null;
};

/**
 * The label of a category suggestion: its name, and the section when another suggested category
 * has the same name (issue #14: "Купальники" twice, /kupalniki and /detskoe/…/kupalniki).
 */
function categoryLabel(category: Suggestions['categories'][number], all: Suggestions['categories']): string {
  const same = all.filter((c) => c.name.toLowerCase() === category.name.toLowerCase());
  if (same.length < 2) return category.name;
  const section = category.path.split('/')[0] ?? '';
  if (!isSection(section) || category.path === section) return category.name;
  return `${category.name} — ${SECTION_NAMES[section]}`;
}

/** Flattens suggestions into the options of the listbox, in screen order. */
export function suggestionOptions(data: Suggestions): Option[] {
  return [
    ...data.categories.map((c) => ({
      id: `c-${c.path}`,
      href: catalogHref(c.path),
      kind: 'category' as const,
      label: categoryLabel(c, data.categories),
    })),
    ...data.brands.map((b) => ({
      id: `b-${b.slug}`,
      href: href('brands-slug', { slug: b.slug }),
      kind: 'brand' as const,
      label: b.name,
    })),
    ...data.products.map((p) => ({
      id: `p-${p.id}`,
      href: p.full_path_offer,
      kind: 'product' as const,
      label: `${p.brand} ${p.name}`,
      extra: formatPrice(p.price),
      image: p.image,
    })),
  ];
}

const GROUPS: Record<Option['kind'], string> = { category: 'Категории', brand: 'Бренды', product: 'Товары' };

/** Props of `SearchPanel`. */
export type SearchPanelProps = {
  /** id of the panel (the trigger's `aria-controls`). */
  id: string;
  /** Shown (and focused) when true; hidden but kept (with its text) when false. */
  open: boolean;
  /** Escape in the input. */
  onClose: () => void;
};

/**
 * The panel of the header search bar (see `SearchBox`): the search form and the suggestions
 * combobox. Loaded when the shopper first opens the search (issue #7: islands load on demand), with
 * TanStack Query for the suggestions (issue #17 item 3).
 */
export function SearchPanel(props: SearchPanelProps) {
  return (
    <QueryIsland>
      <Panel {...props} />
    </QueryIsland>
  );
}

function Panel({ id, open, onClose }: SearchPanelProps) {
  // Spec §3: the last search text is kept in lkData; the panel loads after hydration, so reading it here is safe.
  const [text, setText] = useState(() => {
    hydrateSearchStore();
    return useSearchStore.getState().searchParam;
  });
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const inputId = useId();

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // Asked once the text has rested for DEFAULT_FETCH_DELAY_MS; a superseded request is aborted.
  const { data } = useQuery(suggestionsQuery(useDebouncedValue(text.trim(), DEFAULT_FETCH_DELAY_MS)));
  // The last answer stays while the next one loads, and when its request fails (offline).
  const [shown, setShown] = useState<Suggestions | null>(null);
  if (data && data !== shown) {
    setShown(data);
    setActive(-1);
  }
  const shownOptions = useMemo(() => (shown ? suggestionOptions(shown) : []), [shown]);

  // Suggestions belong to the text they were asked for; shorter text shows none.
  const options = text.trim().length >= SUGGEST_MIN_LENGTH ? shownOptions : [];
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-o${index}`;

  return (
    <div id={id} className={`${styles.panel} ${open ? styles.open : ''}`} hidden={!open} data-testid="search-panel">
      <form
        role="search"
        action={href('search')}
        method="get"
        className={styles.form}
        onSubmit={(event) => {
          const value = inputRef.current?.value ?? '';
          if (value.trim() === '') {
            event.preventDefault();
            inputRef.current?.focus();
            return;
          }
          useSearchStore.getState().setSearchParam(value);
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Поиск по каталогу
        </label>
        <input
          ref={inputRef}
          id={inputId}
          name="searchParam"
          type="search"
          placeholder="Поиск товаров, брендов и категорий"
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          className={styles.input}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' && options.length) {
              event.preventDefault();
              setActive((i) => (i + 1) % options.length);
            } else if (event.key === 'ArrowUp' && options.length) {
              event.preventDefault();
              setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
            } else if (event.key === 'Enter' && expanded && active >= 0) {
              event.preventDefault();
              window.location.assign(options[active]!.href);
            } else if (event.key === 'Escape') {
              onClose();
            }
          }}
        />
        <button type="submit" className={styles.submit}>
          Найти
        </button>
      </form>
      <ul id={listId} role="listbox" aria-label="Подсказки поиска" className={styles.list} hidden={!expanded}>
        {options.map((option, index) => (
          <li
            key={option.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            aria-label={option.extra ? `${option.label}, ${option.extra}` : option.label}
            className={`${styles.option} ${index === active ? styles.active : ''}`}
            onMouseDown={(event) => {
              event.preventDefault();
              window.location.assign(option.href);
            }}
            onMouseEnter={() => setActive(index)}
          >
            {index === 0 || options[index - 1]!.kind !== option.kind ? (
              <span className={styles.group} aria-hidden="true">
                {GROUPS[option.kind]}
              </span>
            ) : null}
            <a href={option.href} tabIndex={-1} className={styles.link}>
              {option.kind === 'product' ? (
                option.image ? (
                  // eslint-disable-next-line @next/next/no-img-element -- small API thumbnails, no optimisation needed
                  <img src={option.image} alt="" width={36} height={48} className={styles.thumb} />
                ) : (
                  <span className={styles.thumb} />
                )
              ) : null}
              <span className={styles.label}>{option.label}</span>
              {option.extra ? <span className={styles.price}>{option.extra}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
