import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header';

function renderHeader() {
  const router = createMemoryRouter([{ path: '*', element: <SiteHeader /> }]);
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('site header', () => {
  it('opens the burger menu and closes it with Escape, returning focus to the button', async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(menu?.dataset.open).toBe('false');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(menu?.dataset.open).toBe('true');

    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('offers Login when signed out and the store link and Logout when signed in', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    cleanup();

    localStorage.setItem(
      'user-data',
      JSON.stringify({ _id: 'a1b2c3d4e5f6a1b2c3d4e5f6', token: 't', profile: { role: 'SELLER' } }),
    );
    renderHeader();
    expect(screen.getByRole('link', { name: 'My Store' }).getAttribute('href')).toBe(
      '/viewstore/true/a1b2c3d4e5f6a1b2c3d4e5f6',
    );
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('offers each role its own pages: visitors can join, sellers manage products, the admin approves', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/joinasenduser');
    // The spec's Generic menu: /askquery … /validatedreviews, /viewstores/true, /storelocator.
    expect(
      screen
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'))
        .filter((href) => href !== '/' && href !== '/joinasenduser' && href !== '/login'),
    ).toEqual([
      '/askquery',
      '/answerquery',
      '/addreview',
      '/viewreviews',
      '/validatedreviews',
      '/viewstores/true',
      '/storelocator',
    ]);
    cleanup();

    localStorage.setItem(
      'user-data',
      JSON.stringify({ _id: 'a1b2c3d4e5f6a1b2c3d4e5f6', token: 't', profile: { role: 'SELLER' } }),
    );
    renderHeader();
    expect(screen.getByRole('link', { name: 'Manage Products' }).getAttribute('href')).toBe('/addproduct');
    expect(screen.getByRole('link', { name: 'Change password' })).toBeTruthy();
    cleanup();

    localStorage.setItem(
      'user-data',
      JSON.stringify({ _id: 'a1b2c3d4e5f6a1b2c3d4e5f7', token: 't', profile: { role: 'ADMIN' } }),
    );
    renderHeader();
    expect(screen.getByRole('link', { name: 'Approve Sellers' }).getAttribute('href')).toBe('/manageseller');
    expect(screen.getByRole('link', { name: 'View stores' }).getAttribute('href')).toBe('/viewstores');
    expect(screen.queryByRole('link', { name: 'Manage Products' })).toBeNull();
  });

  it('shows a team member only the pages the admin gave them rights to', () => {
    const team = (rights?: string[]) =>
      JSON.stringify({
        _id: 'a1b2c3d4e5f6a1b2c3d4e5f8',
        token: 't',
        profile: { role: 'TEAM', ...(rights ? { rights } : {}) },
      });
    localStorage.setItem('user-data', team(['see-orders']));
    renderHeader();
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/adminorders');
    expect(screen.queryByRole('link', { name: 'Moderate reviews' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Approve Sellers' })).toBeNull();
    cleanup();

    localStorage.setItem('user-data', team(['approve-sellers', 'moderate']));
    renderHeader();
    expect(screen.getByRole('link', { name: 'Approve Sellers' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Moderate reviews' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Orders' })).toBeNull();
    cleanup();

    // A session stored before rights existed opens nothing beyond the public pages.
    localStorage.setItem('user-data', team());
    renderHeader();
    expect(screen.queryByRole('link', { name: 'Orders' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View stores' })).toBeTruthy();
    cleanup();

    localStorage.setItem(
      'user-data',
      JSON.stringify({ _id: 'a1b2c3d4e5f6a1b2c3d4e5f7', token: 't', profile: { role: 'ADMIN' } }),
    );
    renderHeader();
    for (const name of ['Approve Sellers', 'Moderate reviews', 'Orders', 'Team'])
      expect(screen.getByRole('link', { name })).toBeTruthy();
  });
});
