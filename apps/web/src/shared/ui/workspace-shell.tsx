import { Anchor, AppShell, Badge, Box, Burger, Group, NavLink, ScrollArea, Stack } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { type ReactNode, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { Brand } from './brand';

export type WorkspaceNavItem = {
  label: string;
  to: string;
  icon: ReactNode;
  /** Active only on the exact path (the area's home), not on its sub-pages. */
  isExact?: boolean;
};

/** Room below a page's content for the chat launcher: 24 px from the edge, 56 px tall, 24 px clear. */
const launcherRoomPx = 104;

type WorkspaceShellProps = {
  /** Shown next to the product name: 'Founder' or 'Investor'. */
  areaLabel: string;
  homePath: string;
  navItems: readonly WorkspaceNavItem[];
  /** The account menu on the right of the header. */
  userMenu: ReactNode;
  /** Pinned to the bottom of the navbar (sign-out). */
  navbarFooter?: ReactNode;
  children: ReactNode;
};

/**
 * The signed-in frame of both areas: header with the product name and the account menu, a
 * navbar that folds behind a burger below the `sm` breakpoint, and the fixed bottom-right slot
 * the chat launcher will occupy.
 */
export function WorkspaceShell({
  areaLabel,
  homePath,
  navItems,
  userMenu,
  navbarFooter,
  children,
}: WorkspaceShellProps) {
  const [isNavOpen, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const burgerRef = useRef<HTMLButtonElement>(null);

  // Esc closes the phone menu, as it closes every other overlay, and gives focus back to the
  // burger that opened it. A key another overlay already handled (a modal's Esc) is left alone.
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !isNavOpen || event.defaultPrevented) return;
    close();
    burgerRef.current?.focus();
  });

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !isNavOpen } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              ref={burgerRef}
              opened={isNavOpen}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={isNavOpen ? 'Close navigation' : 'Open navigation'}
            />
            <Anchor
              component={Link}
              to={homePath}
              underline="never"
              c="inherit"
              aria-label={`Pitchlane ${areaLabel} home`}
            >
              <Brand size="sm" />
            </Anchor>
            <Badge variant="light" radius="sm" visibleFrom="xs">
              {areaLabel}
            </Badge>
          </Group>
          {userMenu}
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={`${areaLabel} navigation`}>
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={4} component="nav">
            {navItems.map((item) => {
              const isActive = item.isExact
                ? pathname === item.to
                : pathname === item.to || pathname.startsWith(`${item.to}/`);
              return (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  leftSection={item.icon}
                  active={isActive}
                  aria-current={isActive ? 'page' : undefined}
                  onClick={close}
                  variant="light"
                  style={{ borderRadius: 8 }}
                />
              );
            })}
          </Stack>
        </AppShell.Section>
        {navbarFooter ? <AppShell.Section pt="sm">{navbarFooter}</AppShell.Section> : null}
      </AppShell.Navbar>

      {/* The bottom keeps room for the chat launcher (24 px from the edge, 56 px tall, and a gap):
          scrolled to the end, a page's last action (Submit deck at the form's bottom right) sits
          above the launcher instead of under it (issue 18). */}
      <AppShell.Main bg="gray.0" pb={launcherRoomPx}>
        <Box maw={1080} mx="auto">
          {children}
        </Box>
      </AppShell.Main>

      {/* The chat launcher (spec §2, chat widget) mounts here in a later feature. */}
      <div data-testid="chat-launcher-slot" style={{ position: 'fixed', right: 24, bottom: 24, zIndex: 150 }} />
    </AppShell>
  );
}
