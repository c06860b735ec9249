import Image from 'next/image';

/** The listing's pictures, "/media/…" paths, read when the page is prerendered (FLOOR_PICTURES). */
const pictures = JSON.parse(process.env.FLOOR_PICTURES || '[]');

/**
 * The picture floor (issue #30): the listing's 24 product pictures through next/image in a grid
 * of 3:4 boxes, with the shop's `sizes` and its first row (4) preloaded with fetchpriority=high,
 * the rest lazy (components/product-image/product-image.tsx), and nothing else.
 */
export default function Pictures() {
  return (
    <main style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 8 }}>
      {pictures.map((src, index) => (
        <div key={src + index} style={{ position: 'relative', aspectRatio: '3 / 4' }}>
          <Image
            src={src}
            alt={`Товар ${index + 1}`}
            fill
            sizes="(max-width: 768px) 50vw, (max-width: 1200px) 33vw, 25vw"
            preload={index < 4}
            fetchPriority={index < 4 ? 'high' : undefined}
            loading={index < 4 ? undefined : 'lazy'}
            style={{ objectFit: 'cover' }}
          />
        </div>
      ))}
    </main>
  );
}
