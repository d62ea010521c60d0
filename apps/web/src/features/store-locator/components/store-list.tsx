import type { Ref } from 'react';
import { directionsUrl, formatDistance, type NearbyStore } from '@app/domain';
import { AppLink } from '../../../components/ui/app-link';
import { paths } from '../../../lib/routes';

function addressLine(store: NearbyStore): string {
  const { address, city, pinCode } = store.address;
  return [address, city, pinCode].filter(Boolean).join(', ');
}

/** Stores nearest first, numbered like their map markers. */
export function StoreList({
  stores,
  heading,
  headingRef,
}: {
  stores: NearbyStore[];
  heading: string;
  headingRef?: Ref<HTMLElement>;
}) {
  return (
    <section className="locator-results__list" aria-label={heading}>
      <h2 className="locator-results__heading" ref={headingRef as Ref<HTMLHeadingElement>} tabIndex={-1}>
        {heading}
      </h2>
      <ol className="locator-list">
        {stores.map((store, index) => {
          const [longitude, latitude] = store.location.coordinates;
          return (
            <li key={store._id} className="locator-store">
              <span className="locator-store__number" aria-hidden="true">
                {index + 1}
              </span>
              <div className="locator-store__body">
                <h3 className="locator-store__name">{store.name}</h3>
                <p className="locator-store__distance">{formatDistance(store.distanceKm)} away</p>
                <p className="locator-store__address">{addressLine(store)}</p>
                <div className="locator-store__actions">
                  <a
                    className="button button--primary"
                    href={directionsUrl(latitude, longitude)}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={`Get Direction to ${store.name}`}
                  >
                    Get Direction
                  </a>
                  <AppLink
                    className="button button--secondary"
                    to={paths.viewStore(store.user_id._id)}
                    aria-label={`Explore Store ${store.name}`}
                  >
                    Explore Store
                  </AppLink>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
