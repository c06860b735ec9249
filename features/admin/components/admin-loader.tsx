'use client';
/**
 * Loads the console's code in the browser only (issue #32: its own bundle; react-admin and MUI
 * never reach the shop's pages, and the console needs no server rendering: it is behind a sign-in).
 */
import dynamic from 'next/dynamic';

const AdminApp = dynamic(() => import('../admin-app'), {
  ssr: false,
  loading: () => (
    <p role="status" style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      Загрузка консоли…
    </p>
  ),
});

/** The console's client root. */
export function AdminLoader() {
  return <AdminApp />;
}
