/**
 * The site's origin (`https://host`), for links a page shows or shares. In the browser it is the
 * page's own; while the server renders a shared page (app/shared-page-render.tsx) it is the origin
 * of the address being rendered, so the markup the browser takes over has the same links.
 */
let serverOrigin = '';

export function setServerOrigin(origin: string): void {
  serverOrigin = origin;
}

export function pageOrigin(): string {
  return typeof window === 'undefined' ? serverOrigin : window.location.origin;
}
