'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import type { ListingState } from '../utils/listing-query';

/** Props of `FacetsFormShell`. */
export type FacetsFormShellProps = {
  /** Path of the listing without query: the form's `action`. */
  basePath: string;
  /** The listing's sort, kept by a change of filters. */
  sort: ListingState['sort'];
  /** Query parameters that are not filters and must survive (e.g. `searchParam`). */
  keep: Record<string, string | undefined>;
  className?: string;
  /** The form's fields, rendered on the server (`FacetsForm`). */
  children: React.ReactNode;
};

/**
 * The `<form method="get">` of `FacetsForm` (issue #3), the only part of the facet filters that
 * hydrates (issue #30: the fields are server HTML). Without JavaScript it is a plain GET form;
 * with it, a checkbox change, a changed price left (blur) or «Показать» navigates through the
 * router to the canonical URL (`facetsFormUrl`, loaded on the first of them), `aria-busy` while
 * the new page loads.
 */
export function FacetsFormShell({ basePath, sort, keep, className, children }: FacetsFormShellProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  const apply = (form: HTMLFormElement) =>
    startTransition(async () => {
      const { facetsFormUrl } = await import('../utils/facets-form-url');
      const url = facetsFormUrl(form, basePath, sort, keep);
      startTransition(() => router.push(url, { scroll: false }));
    });

  return (
    <form
      method="get"
      action={basePath}
      className={className}
      aria-label="Фильтры"
      aria-busy={pending || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
      onChange={(event) => {
        if ((event.target as unknown as HTMLInputElement).type === 'checkbox') apply(event.currentTarget);
      }}
      onBlur={(event) => {
        const field = event.target as unknown as HTMLInputElement;
        // A price field applies when left with a value other than the page's (its `value` attribute).
        if (field.type === 'number' && field.value !== field.defaultValue) apply(event.currentTarget);
      }}
    >
      {children}
    </form>
  );
}
