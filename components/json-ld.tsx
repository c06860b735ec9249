/**
 * Renders a schema.org JSON-LD block (spec §2 breadcrumbs, product data for crawlers).
 * `<` is escaped so the data can never close the script tag.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
