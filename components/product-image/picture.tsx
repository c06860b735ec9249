import type { getImageProps } from 'next/image';

/** The `<img>` attributes next/image renders for a photo: serialisable, e.g. a server component's prop. */
export type PictureProps = ReturnType<typeof getImageProps>['props'];

/**
 * Renders `<img>` props made by `pictureProps` (./product-image). Its own module, without
 * next/image's code, so a client island rendering server-made picture props ships none (issue #30).
 */
export function Picture({ props }: { props: PictureProps }) {
  // eslint-disable-next-line @next/next/no-img-element -- next/image's own props, see pictureProps.
  return <img {...props} alt={props.alt} />;
}
