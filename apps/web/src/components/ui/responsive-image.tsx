import type { ImgHTMLAttributes } from 'react';
import { IMAGE_VARIANT_FORMATS, imageVariantUrl } from '@app/domain';
import './responsive-image.css';

export interface ResponsiveImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'loading' | 'fetchPriority'
> {
  /** The original upload: always the fallback, so old browsers and images without copies show it. */
  src: string;
  alt: string;
  /** Widths of the AVIF/WebP copies that exist, from the answer's `imageVariants[src]`. */
  widths?: readonly number[];
  /** How wide the image shows, for the browser's choice of copy, e.g. `(min-width: 768px) 50vw, 100vw`. */
  sizes: string;
  /** The page's first large image (its LCP): fetched first and never lazily; the others wait until near. */
  priority?: boolean;
}

/**
 * An uploaded image that lets a phone download only what it shows: a <picture> offering the AVIF
 * and WebP copies the server made (decision 042), the original as the <img> inside it.
 */
export function ResponsiveImage({
  src,
  alt,
  widths = [],
  sizes,
  priority = false,
  ...rest
}: ResponsiveImageProps) {
  const img = (
    <img
      {...rest}
      src={src}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
  if (widths.length === 0) return img;
  const sorted = [...widths].sort((a, b) => a - b);
  return (
    <picture className="responsive-image">
      {IMAGE_VARIANT_FORMATS.map((format) => (
        <source
          key={format}
          type={`image/${format}`}
          srcSet={sorted.map((w) => `${imageVariantUrl(src, w, format)} ${w}w`).join(', ')}
          sizes={sizes}
        />
      ))}
      {img}
    </picture>
  );
}
