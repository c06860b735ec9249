'use client';
/**
 * The console's layout (issue #32): react-admin's responsive layout (sidebar on a desktop, a
 * drawer on a phone) whose menu lists only what the signed-in role may use; an owner without the
 * second factor sees its setup instead of any page, since the API refuses them everything else.
 */
import { Layout as RaLayout, useGetIdentity, type LayoutProps } from 'react-admin';
import { TotpSetup } from './totp-setup';

/** Layout with the owner's TOTP gate. */
export function Layout({ children, ...props }: LayoutProps) {
  const { identity } = useGetIdentity();
  const needsTotp = identity?.role === 'owner' && identity.totpEnabled === false;
  return <RaLayout {...props}>{needsTotp ? <TotpSetup /> : children}</RaLayout>;
}
