import { Anchor, Box, Button, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconFileUpload, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthChooser } from '@/features/auth/components/auth-chooser';
import { Brand } from '@/shared/ui/brand';

// Only what the product does today: no promise of features still to come (milestones, chat).
const valueProps: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'One home for your deck',
    text: 'Upload your deck, then a new version whenever it changes. Investors see the latest; you keep every version.',
    icon: <IconFileUpload size={22} aria-hidden />,
  },
  {
    title: 'See how it is read',
    text: 'Time on each page, where readers stop and who read it, for each version of your deck.',
    icon: <IconChartBar size={22} aria-hidden />,
  },
  {
    title: 'Interest you can act on',
    text: 'Investors find decks by sector, stage and the words on your slides, and show interest you accept or decline.',
    icon: <IconUsersGroup size={22} aria-hidden />,
  },
];

/**
 * The landing page of spec §2, with the 'Authentication Detected' chooser when sessions are
 * stored. Only visitors see it: a signed-in person is sent home (LandingForVisitors, and the
 * signed-out guard of /verification, which shows this page without its state).
 */
export function LandingPage() {
  return (
    <Box mih="100dvh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={paths.landing} underline="never" c="inherit" aria-label="Pitchlane home">
              <Brand size="sm" />
            </Anchor>
            <Group gap="xs" wrap="nowrap">
              <Button component={Link} to={paths.login} variant="subtle" px="xs">
                Sign in
              </Button>
              <Button component={Link} to={paths.signup} visibleFrom="xs">
                Get started
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>

      <Container size="lg" component="main" py={{ base: 32, sm: 72 }}>
        <Stack gap={48}>
          <AuthChooser />

          <Stack gap="lg" align="center" ta="center" maw={760} mx="auto">
            <Text c="indigo.7" fw={700} tt="uppercase" fz="xs" lts={1.2}>
              Pitch-deck validation for founders and investors
            </Text>
            <Title order={1} fz={{ base: 34, sm: 52 }} lh={1.1} lts={-0.5}>
              Find out if your pitch lands before you walk into the room.
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={620}>
              Pitchlane puts your deck in front of investors looking for companies like yours. You see how they read it
              and who is interested; they get a pipeline of decks they can search.
            </Text>
            <Group gap="sm" justify="center" mt="sm" w="100%">
              <Button component={Link} to={paths.signup} size="lg" miw={200} style={{ flexGrow: 0 }}>
                I'm a founder
              </Button>
              <Button component={Link} to={paths.signupInvestor} size="lg" variant="default" miw={200}>
                I'm an investor
              </Button>
            </Group>
            <Text fz="sm" c="dimmed">
              Already have an account?{' '}
              <Anchor component={Link} to={paths.login}>
                Sign in as a founder
              </Anchor>{' '}
              or{' '}
              <Anchor component={Link} to={paths.loginInvestor}>
                as an investor
              </Anchor>
            </Text>
          </Stack>

          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" component="section" aria-label="Why Pitchlane">
            {valueProps.map((item) => (
              <Paper key={item.title} withBorder radius="lg" p="lg" shadow="xs">
                <Stack gap="xs">
                  <ThemeIcon size={42} radius="md" variant="light">
                    {item.icon}
                  </ThemeIcon>
                  <Title order={2} fz="lg">
                    {item.title}
                  </Title>
                  <Text c="dimmed" fz="sm">
                    {item.text}
                  </Text>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>

      <Container size="lg" component="footer" py="xl">
        <Text fz="xs" c="dimmed" ta="center">
          © {new Date().getFullYear()} Pitchlane
        </Text>
      </Container>
    </Box>
  );
}
