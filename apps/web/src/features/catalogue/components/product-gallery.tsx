import { useState } from 'react';

/** The product's photos: one large, the others as buttons that show them. */
export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const [index, setIndex] = useState(0);
  if (images.length === 0) {
    return (
      <div className="product__gallery product__no-photo">
        <p>No photos yet</p>
      </div>
    );
  }
  const shown = Math.min(index, images.length - 1);
  return (
    <div className="product__gallery">
      <img
        className="product__photo"
        src={images[shown]}
        alt={images.length > 1 ? `${name}, photo ${shown + 1} of ${images.length}` : name}
      />
      {images.length > 1 ? (
        <ul className="product__thumbs" aria-label="Photos">
          {images.map((url, i) => (
            <li key={url}>
              <button
                type="button"
                aria-pressed={i === shown}
                aria-label={`Show photo ${i + 1} of ${images.length}`}
                onClick={() => setIndex(i)}
              >
                <img src={url} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
