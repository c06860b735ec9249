/** /notify/confirm/{token} (issue #33 item 2): the link of a guest's back-in-stock confirmation mail. */
import { StockNoticeConfirm } from '@/features/account/components/stock-notice-confirm';
import type { Metadata } from 'next';

const TITLE = 'Сообщение о поступлении';

export const metadata: Metadata = {
  title: TITLE,
  robots: { index: false, follow: false },
  referrer: 'no-referrer',
};

/** The confirmation page: a button confirms, nothing happens on opening. */
export default async function StockNoticeConfirmRoute({ params }: { params: Promise<{ token: string }> }) {
  // Not decoded: mailed tokens are base64url; the API answers 400 to anything else.
  const { token } = await params;
  return (
    <div className="container" style={{ maxWidth: 480 }}>
      <h1>{TITLE}</h1>
      <StockNoticeConfirm token={token} />
    </div>
  );
}
