import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');
const root = createRoot(container);

// `/` is where most visits start and has a hard JavaScript budget (100 KB gzipped): it boots the
// landing page alone, without react-router. Every other path boots the full router app.
const entry = window.location.pathname === '/' ? import('./app/landing-entry') : import('./app/router-entry');

entry
  .then(({ Root }) => {
    root.render(
      <StrictMode>
        <Root />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    // Usually a chunk that no longer exists after a new release; a reload fetches the new one.
    console.error('Could not load the app', error);
    container.textContent = 'The page could not be loaded. Check your connection and reload the page.';
  });
