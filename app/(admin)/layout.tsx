/**
 * Layout of the operator console's route group (issue #32): none of the shop's chrome (header,
 * footer, widgets, analytics of app/(shop)/layout.tsx); the console draws its own.
 */
export default function AdminGroupLayout({ children }: { children: React.ReactNode }) {
  return <div className="admin-root">{children}</div>;
}
