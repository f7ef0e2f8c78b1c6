import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WorkspaceShell } from './workspace-shell';

function renderShell() {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/founder']}>
        <WorkspaceShell
          areaLabel="Founder"
          homePath="/founder"
          navItems={[{ label: 'Home', to: '/founder', icon: null, isExact: true }]}
          userMenu={null}
        >
          <p>Page</p>
        </WorkspaceShell>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('WorkspaceShell', () => {
  it('closes the phone menu on Esc and gives focus back to the burger', () => {
    renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const burger = screen.getByRole('button', { name: 'Close navigation' });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(burger.getAttribute('aria-label')).toBe('Open navigation');
    expect(document.activeElement).toBe(burger);
  });

  it('leaves the menu open for other keys', () => {
    renderShell();
    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    fireEvent.keyDown(window, { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Close navigation' })).toBeTruthy();
  });
});
