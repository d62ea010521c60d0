import { useMemo } from 'react';
import type { NearbyStore } from '@app/domain';
import type { Position } from '../api/use-current-location';
import { layoutMap } from './map-projection';

const WIDTH = 640;
const HEIGHT = 360;
const pct = (value: number, of: number) => `${(value / of) * 100}%`;

/**
 * The stores and the visitor on OpenStreetMap tiles. Tiles come from the internet; without it the
 * markers still show on a plain background, and the list next to the map has everything anyway,
 * so the map is hidden from screen readers.
 */
export function StoreMap({ here, stores }: { here: Position; stores: NearbyStore[] }) {
  const layout = useMemo(
    () =>
      layoutMap(
        [
          here,
          ...stores.map((s) => ({
            latitude: s.location.coordinates[1],
            longitude: s.location.coordinates[0],
          })),
        ],
        WIDTH,
        HEIGHT,
      ),
    [here, stores],
  );
  const you = layout.place(here);

  return (
    <figure className="locator-map" aria-hidden="true" data-testid="store-map">
      <div className="locator-map__canvas">
        {layout.tiles.map((tile) => (
          <img
            key={tile.key}
            className="locator-map__tile"
            src={tile.url}
            alt=""
            loading="lazy"
            referrerPolicy="no-referrer"
            style={{ left: pct(tile.left, WIDTH), top: pct(tile.top, HEIGHT) }}
            onError={(event) => {
              event.currentTarget.hidden = true;
            }}
          />
        ))}
        <span
          className="locator-map__marker locator-map__marker--you"
          style={{ left: pct(you.left, WIDTH), top: pct(you.top, HEIGHT) }}
          title="You are here"
        />
        {stores.map((store, index) => {
          const at = layout.place({
            latitude: store.location.coordinates[1],
            longitude: store.location.coordinates[0],
          });
          return (
            <span
              key={store._id}
              className="locator-map__marker"
              style={{ left: pct(at.left, WIDTH), top: pct(at.top, HEIGHT) }}
              title={store.name}
            >
              {index + 1}
            </span>
          );
        })}
      </div>
      <figcaption className="locator-map__credit">
        Map data ©{' '}
        <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer" tabIndex={-1}>
          OpenStreetMap
        </a>{' '}
        contributors
      </figcaption>
    </figure>
  );
}
