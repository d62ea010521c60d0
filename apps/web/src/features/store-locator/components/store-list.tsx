import { useEffect, useRef, type Ref } from 'react';
import {
  directionsUrl,
  formatDistance,
  formatStorePhone,
  storePhoneHref,
  type NearbyStore,
} from '@app/domain';
import { AppLink } from '../../../components/ui/app-link';
import { paths } from '../../../lib/routes';
import { useT } from '../../../lib/i18n';

function addressLine(store: NearbyStore): string {
  const { address, city, pinCode } = store.address;
  return [address, city, pinCode].filter(Boolean).join(', ');
}

interface StoreListProps {
  stores: NearbyStore[];
  heading: string;
  headingRef?: Ref<HTMLElement>;
  selectedId: string | null;
  onSelect: (storeId: string) => void;
}

/** Stores nearest first, numbered like their map pins; a number selects its pin. */
export function StoreList({ stores, heading, headingRef, selectedId, onSelect }: StoreListProps) {
  const { t } = useT('stores');
  const listRef = useRef<HTMLOListElement>(null);
  // A pin chosen on the map brings its store into view in the list.
  useEffect(() => {
    if (!selectedId) return;
    listRef.current
      ?.querySelector(`[data-store-id="${CSS.escape(selectedId)}"]`)
      ?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [selectedId]);

  return (
    <section className="locator-results__list" aria-label={heading}>
      <h2 className="locator-results__heading" ref={headingRef as Ref<HTMLHeadingElement>} tabIndex={-1}>
        {heading}
      </h2>
      <ol className="locator-list" ref={listRef}>
        {stores.map((store, index) => {
          const [longitude, latitude] = store.location.coordinates;
          const selected = store._id === selectedId;
          return (
            <li
              key={store._id}
              data-store-id={store._id}
              className={selected ? 'locator-store is-selected' : 'locator-store'}
            >
              <button
                type="button"
                className="locator-store__number"
                aria-pressed={selected}
                aria-label={t('showOnMap', { number: index + 1, name: store.name })}
                onClick={() => onSelect(store._id)}
              >
                {index + 1}
              </button>
              <div className="locator-store__body">
                <h3 className="locator-store__name">{store.name}</h3>
                <p className="locator-store__distance">
                  {t('away', { distance: formatDistance(store.distanceKm) })}
                </p>
                <p className="locator-store__address">{addressLine(store)}</p>
                {store.openingHours ? (
                  <p className="locator-store__hours">
                    <span className="locator-store__label">{t('hours')}</span>
                    <span className="locator-store__value">{store.openingHours}</span>
                  </p>
                ) : null}
                <div className="locator-store__actions">
                  <a
                    className="button button--primary"
                    href={directionsUrl(latitude, longitude)}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={t('getDirectionTo', { name: store.name })}
                  >
                    {t('getDirection')}
                  </a>
                  <AppLink
                    className="button button--secondary"
                    to={paths.viewStore(store.user_id._id)}
                    aria-label={t('exploreStoreNamed', { name: store.name })}
                  >
                    {t('exploreStore')}
                  </AppLink>
                  {store.phone ? (
                    <a
                      className="button button--secondary"
                      href={storePhoneHref(store.phone)}
                      aria-label={t('callNamed', { phone: formatStorePhone(store.phone), name: store.name })}
                    >
                      {t('call', { phone: formatStorePhone(store.phone) })}
                    </a>
                  ) : null}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
