import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary, ErrorScreen, RouteErrorScreen } from './error-screen';
import { AppProviders } from './providers';
import { createAppStore } from './store';

function Boom(): never {
  throw new Error('render failed');
}

afterEach(() => {
  vi.restoreAllMocks();
});

function expectErrorTexts() {
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  expect(screen.getByText("We couldn't load this part of the app. Please try again.")).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
}

describe('error screen', () => {
  it('shows the two texts and a Reload button that reloads', () => {
    const onReload = vi.fn();
    render(
      <AppProviders store={createAppStore()}>
        <ErrorScreen onReload={onReload} />
      </AppProviders>,
    );
    expectErrorTexts();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledOnce();
  });

  it('is what the error boundary shows when rendering throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppProviders store={createAppStore()}>
        <AppErrorBoundary>
          <Boom />
        </AppErrorBoundary>
      </AppProviders>,
    );
    expectErrorTexts();
  });

  it("is the router's errorElement for a page that throws", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <RouteErrorScreen /> }]);
    render(
      <AppProviders store={createAppStore()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expectErrorTexts();
    expect(log).toHaveBeenCalledWith('Route failed', expect.any(Error));
  });
});
