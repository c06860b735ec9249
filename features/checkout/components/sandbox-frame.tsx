/**
 * The frame of the sandbox acquiring's pages (/payment-sber and /payment-sbp, issues #5 and #29):
 * breadcrumbs «Корзина / {title}», the heading, and the page below.
 */
import { Breadcrumbs } from '@/components/breadcrumbs/breadcrumbs';
import { href, routeTitle } from '@/lib/routes';
import type { ReactNode } from 'react';

/** The payment id of `?orderId=` when it has a payment id's shape (a UUID), else null. */
export async function sandboxOrderId(searchParams: Promise<{ orderId?: string | string[] }>): Promise<string | null> {
  const { orderId } = await searchParams;
  return typeof orderId === 'string' && /^[0-9a-f-]{36}$/i.test(orderId) ? orderId : null;
}

/** Breadcrumbs and heading `title` (the page is at `path`) around `children`. */
export function SandboxFrame({ title, path, children }: { title: string; path: string; children: ReactNode }) {
  return (
    <div className="container">
      <Breadcrumbs
        items={[
          { name: routeTitle('basket'), href: href('basket') },
          { name: title, href: path },
        ]}
      />
      <h1>{title}</h1>
      {children}
    </div>
  );
}
