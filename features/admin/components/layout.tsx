'use client';
/**
 * The console's layout (issue #32): react-admin's responsive layout (sidebar on a desktop, a
 * drawer on a phone) whose menu lists only what the signed-in role may use; an owner without the
 * second factor sees its setup instead of any page, since the API refuses them everything else.
 */
import { AppBar, Layout as RaLayout, TitlePortal, useGetIdentity, type LayoutProps } from 'react-admin';
import { TotpSetup } from './totp-setup';

/**
 * The app bar whose page title is the page's one `<h1>` (axe: page-has-heading-one). Always on:
 * react-admin's default hides it on scroll (visibility: hidden), which took the page's only heading
 * away on long forms, and an operator loses the page title.
 */
function ConsoleAppBar() {
  return (
    <AppBar alwaysOn>
      <TitlePortal component="h1" />
    </AppBar>
  );
}

/** Layout with the owner's TOTP gate. */
export function Layout({ children, ...props }: LayoutProps) {
  const { identity } = useGetIdentity();
  const needsTotp = identity?.role === 'owner' && identity.totpEnabled === false;
  return (
    <RaLayout {...props} appBar={ConsoleAppBar}>
      {needsTotp ? <TotpSetup /> : children}
    </RaLayout>
  );
}
