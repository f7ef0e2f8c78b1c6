import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconChartBar,
  IconFlag,
  IconMessageChatbot,
  IconMessages,
  IconReportAnalytics,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthChooser } from '@/features/auth/components/auth-chooser';
import { Brand } from '@/shared/ui/brand';

// What the product does today, in the order a founder meets it.
const valueProps: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'A validation report for every version',
    text: 'A score that explains itself, the twelve sections of a complete deck, figures read as they stand today apart from history and plans, and numbers checked against each other.',
    icon: <IconReportAnalytics size={22} aria-hidden />,
  },
  {
    title: 'See how it is read',
    text: 'Time on each page, where readers stop and who read it, for each version of your deck.',
    icon: <IconChartBar size={22} aria-hidden />,
  },
  {
    title: 'Investors who fit',
    text: 'Investors find decks ranked by their thesis (sector, stage, ticket size, place) and show interest you accept or decline.',
    icon: <IconUsersGroup size={22} aria-hidden />,
  },
  {
    title: 'A copilot for investors',
    text: 'Ask across every deck you may see: compare figures, find decks missing a market slide, answers cited page by page.',
    icon: <IconMessageChatbot size={22} aria-hidden />,
  },
  {
    title: 'Milestones, together',
    text: 'Plan what the round pays for with your investors: tasks, deliverables they accept, approvals and meets.',
    icon: <IconFlag size={22} aria-hidden />,
  },
  {
    title: 'Chat in real time',
    text: 'Private rooms and groups with the investors your deck ties you to, with read receipts and nothing lost on a reconnect.',
    icon: <IconMessages size={22} aria-hidden />,
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
              {/* Kept on a phone too: the header's one way in for someone who has not signed up. */}
              <Button component={Link} to={paths.signup} size="sm">
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
              Pitchlane validates your deck before investors read it, then puts it in front of those whose thesis it
              fits. You see how they read it and who is interested; they get decks they can search, compare and follow.
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
            <Text fz="sm" c="dimmed">
              Mentoring a founder?{' '}
              {/* Underlined: beside dimmed text, the link's colour alone does not set it apart. */}
              <Anchor component={Link} to={paths.loginMentor} underline="always">
                Mentor sign in
              </Anchor>
            </Text>
          </Stack>

          <Paper
            component="figure"
            withBorder
            radius="lg"
            shadow="sm"
            m={0}
            p={{ base: 'xs', sm: 'md' }}
            maw={1000}
            mx="auto"
            style={{ overflow: 'hidden' }}
          >
            <Image
              src="/landing-report.png"
              alt="A deck's validation report: a score of 88 with how each part is counted, and the twelve sections with the pages that tell them"
              loading="lazy"
              radius="md"
              w="100%"
              h="auto"
              fit="contain"
              // The picture's own proportions, so the page does not jump when it arrives.
              style={{ aspectRatio: '1000 / 640' }}
            />
            <Text component="figcaption" fz="sm" c="dimmed" ta="center" mt="xs">
              Every deck version gets its report within seconds of upload.
            </Text>
          </Paper>

          <SimpleGrid
            cols={{ base: 1, sm: 2, md: 3 }}
            spacing="lg"
            component="section"
            aria-label="What Pitchlane does"
          >
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
