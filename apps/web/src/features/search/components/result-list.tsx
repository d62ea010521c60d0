import { Link } from 'react-router';
import type { SearchResult } from '@app/domain';

/** One kind's results: each a link to its page, with a picture when it has one. */
export function ResultList({ items, label }: { items: SearchResult[]; label: string }) {
  return (
    <ul className="search-results" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="search-result">
          {item.image ? (
            <img
              className="search-result__image"
              src={item.image}
              alt=""
              loading="lazy"
              width={64}
              height={64}
            />
          ) : null}
          <div className="search-result__body">
            <Link className="search-result__title" to={item.link}>
              {item.title}
            </Link>
            {item.snippet ? <p className="search-result__snippet">{item.snippet}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
