import { useState } from 'react';
import type { ImageVariants } from '@app/domain';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { useT } from '../../../lib/i18n';

/** The product's photos: one large, the others as buttons that show them. */
export function ProductGallery({
  images,
  name,
  variants = {},
}: {
  images: readonly string[];
  name: string;
  /** Widths of each image's smaller copies (the product answer's `imageVariants`). */
  variants?: ImageVariants;
}) {
  const { t } = useT('stores');
  const [index, setIndex] = useState(0);
  if (images.length === 0) {
    return (
      <div className="product__gallery product__no-photo">
        <p>{t('noPhotos')}</p>
      </div>
    );
  }
  const shown = Math.min(index, images.length - 1);
  return (
    <div className="product__gallery">
      <ResponsiveImage
        className="product__photo"
        src={images[shown]!}
        widths={variants[images[shown]!]}
        sizes="(min-width: 768px) 55vw, 100vw"
        priority
        alt={images.length > 1 ? t('productPhoto', { name, number: shown + 1, count: images.length }) : name}
      />
      {images.length > 1 ? (
        <ul className="product__thumbs" aria-label={t('photos')}>
          {images.map((url, i) => (
            <li key={url}>
              <button
                type="button"
                aria-pressed={i === shown}
                aria-label={t('showPhoto', { number: i + 1, count: images.length })}
                onClick={() => setIndex(i)}
              >
                <ResponsiveImage src={url} widths={variants[url]} sizes="5rem" alt="" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
