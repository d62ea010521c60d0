import './document-links.css';

/** Files to download (PDFs the server names), one link each; nothing when there are none. */
export function DocumentLinks({ links }: { links: readonly { key: string; href: string; label: string }[] }) {
  if (links.length === 0) return null;
  return (
    <ul className="document-links">
      {links.map((l) => (
        <li key={l.key}>
          <a href={l.href} download className="document-links__link">
            {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
