/**
 * Root layout of the floor app (issue #30): an html and a body, nothing else.
 * @param {{ children: import('react').ReactNode }} props
 */
export default function RootLayout({ children }) {
  return (
    <html lang="ru">
      <body style={{ margin: 0, fontFamily: 'sans-serif' }}>{children}</body>
    </html>
  );
}

export const metadata = { title: 'Floor' };
