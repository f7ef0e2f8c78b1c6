import { EmptyState, Stack, Title } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type EmptyPageProps = {
  title: string;
  /** One honest sentence about what will appear here. */
  description: string;
  icon?: ReactNode;
  actions?: ReactNode;
  /** Shown between the title and the empty state (a greeting, a nudge). */
  intro?: ReactNode;
};

/** A page whose feature is not built yet: its title and what it will hold, no made-up data. */
export function EmptyPage({ title, description, icon, actions, intro }: EmptyPageProps) {
  return (
    <Stack gap="xl">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      {intro}
      <EmptyState
        variant="light"
        size="lg"
        py={48}
        icon={icon ?? <IconLayoutDashboard aria-hidden />}
        title="Nothing here yet"
        description={description}
        data-testid="empty-state"
      >
        {actions ? <EmptyState.Actions>{actions}</EmptyState.Actions> : null}
      </EmptyState>
    </Stack>
  );
}
