/**
 * The main image of a product (`is_main`, else the first), or undefined. Its own module, without
 * next/image, so that client code choosing a photo does not download the image component's code.
 */
export function mainImage<T extends { is_main: boolean }>(images: readonly T[]): T | undefined {
  return images.find((image) => image.is_main) ?? images[0];
}
