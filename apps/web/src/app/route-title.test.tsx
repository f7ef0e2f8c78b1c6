import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { initialAuthState } from '@/features/auth/auth-slice';
import { AppProviders } from './providers';
import { type RouteHandle, routeTitleOf } from './route-title';
import { createRoutes } from './router';
import { createAppStore } from './store';

describe('routeTitleOf', () => {
  it('takes the deepest route that declares a title', () => {
    const matches = [{ handle: undefined }, { handle: { title: 'Area' } }, { handle: { title: 'Page' } }];
    expect(routeTitleOf(matches)).toBe('Page');
    expect(routeTitleOf([{ handle: { title: 'Area' } }, { handle: 'not a handle' }])).toBe('Area');
    expect(routeTitleOf([])).toBeNull();
  });
});

describe('the route table', () => {
  it('gives every page route a title of its own', () => {
    const titles: string[] = [];
    const visit = (routes: ReturnType<typeof createRoutes>) => {
      for (const route of routes) {
        const handle = route.handle as RouteHandle | undefined;
        // Pages: routes that render something and are not redirects or layouts with children.
        const isPage =
          route.element && !route.children && route.path !== '*' && !String(route.path).includes('dashboard');
        if (isPage && route.index !== true) expect(handle?.title, `route ${route.path}`).toBeTruthy();
        if (handle?.title) titles.push(handle.title);
        if (route.children) visit(route.children);
      }
    };
    visit(createRoutes({ prefetch: false }));
    expect(titles).toContain('My investors');
    expect(titles).toContain('Sign in');
  });

  it('titles the tab on navigation', async () => {
    const router = createMemoryRouter(createRoutes({ prefetch: false }), { initialEntries: ['/login'] });
    render(
      <AppProviders store={createAppStore(initialAuthState)}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await waitFor(() => expect(document.title).toBe('Sign in · Pitchlane'));
    await router.navigate('/signup/investor');
    await waitFor(() => expect(document.title).toBe('Create an investor account · Pitchlane'));
  });
});
