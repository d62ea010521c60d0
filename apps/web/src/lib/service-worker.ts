import { Workbox } from 'workbox-window';
import './service-worker.css';

/**
 * Registers the service worker (src/service-worker/sw.ts) and, when a new build has been
 * deployed and is waiting, offers it with a small banner: "A new version of Revuhub is available"
 * and an Update button that lets it take over and reloads the page into it.
 *
 * Loaded by main.tsx after the page has loaded, for both the landing page and the router app. The
 * banner is built with DOM calls rather than React because the landing page boots without the
 * router app's providers and must stay within its script budget; this module is its only code.
 */
export function startServiceWorker() {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    showUpdateBanner(() => {
      // Reload once the new worker controls the page, so every file comes from the new build.
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  wb.register().catch((error: unknown) => console.warn('Service worker not registered', error));
  // A tab left open for days still hears of a release: look for one every hour.
  window.setInterval(() => void wb.update(), 60 * 60 * 1000);
}

function showUpdateBanner(update: () => void) {
  if (document.getElementById('update-available')) return;
  const banner = document.createElement('div');
  banner.id = 'update-available';
  banner.className = 'update-banner';
  // A polite live region: screen readers announce it without interrupting what is being read.
  banner.setAttribute('role', 'status');
  const text = document.createElement('span');
  text.textContent = 'A new version of Revuhub is available.';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Update';
  button.addEventListener('click', () => {
    button.disabled = true;
    button.textContent = 'Updating…';
    update();
  });
  const later = document.createElement('button');
  later.type = 'button';
  later.textContent = 'Later';
  later.addEventListener('click', () => banner.remove());
  banner.append(text, button, later);
  document.body.append(banner);
}
