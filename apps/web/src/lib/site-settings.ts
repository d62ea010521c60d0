import { useEffect, useState } from 'react';
import type { SiteSettings } from '@app/domain';
import { API_BASE } from './api-base';

export type { SiteSettings };

// One request per page load, shared by every component that shows the company's details.
let pending: Promise<SiteSettings | null> | null = null;

function isSiteSettings(value: unknown): value is SiteSettings {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<SiteSettings>;
  return (
    typeof v.supportPhone === 'string' &&
    typeof v.supportEmail === 'string' &&
    typeof v.social === 'object' &&
    v.social !== null &&
    typeof v.apps === 'object' &&
    v.apps !== null
  );
}

/**
 * GET /api/site/settings with plain fetch and a structural check rather than the zod schema and
 * TanStack Query, so the landing page's JavaScript stays small. Resolves null on any failure: the
 * pages then simply leave the contact details out.
 */
export function fetchSiteSettings(): Promise<SiteSettings | null> {
  pending ??= fetch(`${API_BASE}/site/settings`, { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`GET /site/settings answered ${response.status}`);
      const body = (await response.json()) as { data?: unknown };
      if (!isSiteSettings(body.data)) throw new Error('Unexpected site settings response');
      return body.data;
    })
    .catch((error: unknown) => {
      console.error('Could not load the site settings', error);
      pending = null;
      return null;
    });
  return pending;
}

/** The site settings once loaded, null until then (or when they could not be loaded). */
export function useSiteSettings(): SiteSettings | null {
  const [settings, setSettings] = useState<SiteSettings | null>(null);
  useEffect(() => {
    let active = true;
    void fetchSiteSettings().then((value) => {
      if (active) setSettings(value);
    });
    return () => {
      active = false;
    };
  }, []);
  return settings;
}
