import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconFileUpload, IconFlag3, IconPresentation, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { selectUser } from '@/features/auth/auth-slice';

const nextSteps: { title: string; text: string; to: string; icon: ReactNode }[] = [
  {
    title: 'Pitch decks',
    text: 'Every deck you submit, with its status.',
    to: paths.founder.pitchdecks,
    icon: <IconPresentation size={20} aria-hidden />,
  },
  {
    title: 'My investors',
    text: 'Investors who showed interest in your decks.',
    to: paths.founder.myInvestors,
    icon: <IconUsers size={20} aria-hidden />,
  },
  {
    title: 'Milestones',
    text: 'Goals and tasks you share with your investors.',
    to: paths.founder.milestones,
    icon: <IconFlag3 size={20} aria-hidden />,
  },
];

/** /founder: a welcome and the first thing to do. */
export function FounderHomePage() {
  const user = useSelector(selectUser);
  const firstName = user?.name.trim().split(/\s+/)[0];

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }} data-testid="founder-welcome">
          {firstName ? `Welcome, ${firstName}` : 'Welcome to Pitchlane'}
        </Title>
        <Text c="dimmed">This is your founder workspace.</Text>
      </Stack>

      <Card
        radius="lg"
        padding="xl"
        withBorder
        style={{
          background: 'linear-gradient(135deg, var(--mantine-color-indigo-7), var(--mantine-color-cyan-7))',
          borderColor: 'transparent',
        }}
      >
        <Group justify="space-between" align="center" gap="lg">
          <Stack gap={6} maw={520}>
            <Title order={2} c="white" fz={{ base: 20, sm: 24 }}>
              Get your deck in front of investors
            </Title>
            <Text c="indigo.0">
              Submit your pitch deck and investors who match your sector and stage can review it and show interest.
            </Text>
          </Stack>
          <Button
            component={Link}
            to={paths.founder.submit}
            size="md"
            variant="white"
            rightSection={<IconFileUpload size={18} aria-hidden />}
          >
            Submit your first deck
          </Button>
        </Group>
      </Card>

      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {nextSteps.map((step) => (
          <Card key={step.to} withBorder radius="lg" padding="lg">
            <Stack gap="xs">
              <ThemeIcon variant="light" size={38} radius="md">
                {step.icon}
              </ThemeIcon>
              <Text fw={600}>{step.title}</Text>
              <Text fz="sm" c="dimmed">
                {step.text}
              </Text>
              <Anchor component={Link} to={step.to} fz="sm" fw={500}>
                <Group gap={4} component="span">
                  Open {step.title.toLowerCase()} <IconArrowRight size={14} aria-hidden />
                </Group>
              </Anchor>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
