'use client';

import { useRef } from 'react';
import { href } from '@/lib/routes';
import styles from './search-form.module.css';

/**
 * The header search box (spec §2 Layout, §5 "Search submit is ignored if the text is empty or a
 * single space"): a GET form to /search?searchParam=…, so it works without JavaScript; with JS a
 * blank submit is dropped and the field is focused instead.
 */
export function SearchForm({ id = 'site-search' }: { id?: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
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
        }
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Поиск по каталогу
      </label>
      <input
        ref={inputRef}
        id={id}
        name="searchParam"
        type="search"
        placeholder="Поиск"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        className={styles.input}
      />
      <button type="submit" className={styles.button} aria-label="Найти">
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
