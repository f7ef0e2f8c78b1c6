import type { Company } from '@deckvalid/contract/companies';
import { formatCount } from '@deckvalid/contract/text';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  EmptyState,
  Grid,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconBuildingOff,
  IconExternalLink,
  IconMapPin,
  IconReportAnalytics,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { describeApiError } from '@/shared/api/api-error';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { formatDate } from '@/shared/lib/format-date';
import { formatUsd } from '@/shared/lib/format-money';
import { useCompanyQuery } from '../company-api';
import { progressOf, scoreDisplay } from '../company-model';
import { CompanyStockChart } from './company-stock-chart';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/**
 * /investor/company/:startupId: a founder's company as investors see it. Wide screens: the header
 * across, the stock chart beside the interested count and rounds, the decks and milestones below.
 * Phones: one column in that order.
 */
export function CompanyView({ startupId }: { startupId: string }) {
  const query = useCompanyQuery(startupId, { skip: !startupId });
  const company = query.currentData ?? (query.data?.id === startupId ? query.data : undefined);
  useDocumentTitle(company?.name);

  const backLink = (
    <Anchor component={Link} to={paths.investor.home} fz="sm" fw={500} w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        Back to decks
      </Group>
    </Anchor>
  );

  if (!company && query.isError) {
    const problem = describeApiError(query.error);
    const isMissing = problem.code === 'NOT_FOUND' || problem.status === 404;
    return (
      <Stack gap="lg">
        {backLink}
        {isMissing ? (
          <EmptyState
            variant="light"
            size="lg"
            py={48}
            icon={<IconBuildingOff aria-hidden />}
            title="This company isn't available"
            description="Its founder may have removed their decks or account, or the link is wrong."
            data-testid="company-not-found"
          >
            <EmptyState.Actions>
              <Button component={Link} to={paths.investor.home} variant="light">
                Browse decks
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title="We couldn't load this company"
            role="alert"
          >
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{problem.message}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
      </Stack>
    );
  }

  if (!company) {
    return (
      <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading the company">
        {backLink}
        <Group gap="md">
          <Skeleton h={64} w={64} circle />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton h={28} w="50%" />
            <Skeleton h={14} w="70%" />
          </Stack>
        </Group>
        <Skeleton h={300} radius="lg" />
        <Skeleton h={160} radius="lg" />
      </Stack>
    );
  }

  return (
    <Stack gap="lg" data-testid="company-page">
      {backLink}
      <CompanyHeader company={company} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <CompanyStockChart weeks={company.weeks} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Paper withBorder radius="lg" p="md" data-testid="company-interested">
              <Group gap="xs" c="dimmed">
                <IconUsers size={16} aria-hidden />
                <Text fz="sm" fw={600}>
                  Interested investors
                </Text>
              </Group>
              <Text fz={32} fw={700} lh={1.2}>
                {formatCount(company.interestedInvestorCount)}
              </Text>
              <Text fz="xs" c="dimmed">
                Pending or accepted interest in a live deck. Who they are stays private.
              </Text>
            </Paper>
            <CompanyRounds company={company} />
          </Stack>
        </Grid.Col>
      </Grid>
      <CompanyDecks company={company} />
      {company.milestones.length > 0 ? <CompanyMilestones company={company} /> : null}
    </Stack>
  );
}

function CompanyHeader({ company }: { company: Company }) {
  const { founder } = company;
  return (
    <Group gap="md" align="flex-start" wrap="nowrap">
      <Avatar
        src={founder.pictureUrl}
        alt={founder.pictureUrl ? `${founder.name}'s picture` : undefined}
        size={64}
        radius="xl"
        color="indigo"
      >
        {initialsOf(founder.name)}
      </Avatar>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
          {company.name}
        </Title>
        <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Founded by {founder.name}
          {founder.headline ? ` · ${founder.headline}` : ''}
        </Text>
        <Group gap="md" mt={2}>
          {company.location ? (
            <Group gap={4} c="dimmed">
              <IconMapPin size={14} aria-hidden />
              <Text fz="sm">{company.location}</Text>
            </Group>
          ) : null}
          {company.website ? (
            <Anchor href={company.website} target="_blank" rel="noopener noreferrer" fz="sm">
              <Group gap={4} component="span" wrap="nowrap">
                {company.website.replace(/^https?:\/\//, '')}
                <IconExternalLink size={14} aria-label="(opens in a new tab)" />
              </Group>
            </Anchor>
          ) : null}
        </Group>
        <Group gap={6} mt={4}>
          {company.sectors.map((sector) => (
            <Badge key={sector} variant="light" color="gray" radius="sm" tt="none">
              {sector}
            </Badge>
          ))}
        </Group>
        {founder.bio ? (
          <Text fz="sm" mt={4} maw={720} style={{ overflowWrap: 'anywhere' }}>
            {founder.bio}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

function CompanyRounds({ company }: { company: Company }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid="company-rounds">
      <Title order={2} fz="md" mb="xs">
        Rounds asked
      </Title>
      <Stack gap={8}>
        {company.rounds.map((round) => (
          <Group key={round.pitchDeckId} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0}>
              <Text fz="sm" fw={600}>
                {round.company} · {round.stage}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatDate(round.date)}
              </Text>
            </Stack>
            <Text fz="sm" fw={700} title={formatUsd(round.amountSought)}>
              {formatUsd(round.amountSought, { isCompact: true })}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

function CompanyDecks({ company }: { company: Company }) {
  return (
    <Stack gap="xs" data-testid="company-decks">
      <Title order={2} fz="lg">
        Decks
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {company.decks.map((deck) => {
          const score = scoreDisplay(deck.score);
          return (
            <Paper key={deck.id} withBorder radius="lg" p="md" data-testid="company-deck">
              <Stack gap={6} h="100%">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Anchor
                    component={Link}
                    to={paths.investor.pitchDeck(deck.id)}
                    fw={700}
                    c="inherit"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {deck.title}
                  </Anchor>
                  <Badge
                    component={Link}
                    to={paths.investor.analysis(deck.id)}
                    color={score.color}
                    variant="light"
                    tt="none"
                    style={{ cursor: 'pointer', flexShrink: 0 }}
                    aria-label={`${score.label}: open the validation report of ${deck.title}`}
                    data-testid="company-deck-score"
                  >
                    {deck.score === null ? 'No score' : deck.score}
                  </Badge>
                </Group>
                <Group gap={6}>
                  <Badge variant="light" color="indigo" radius="sm" tt="none">
                    {deck.stage}
                  </Badge>
                  <Badge variant="light" color="gray" radius="sm" tt="none">
                    {deck.sector}
                  </Badge>
                  <Text fz="sm" fw={600} ml="auto">
                    {formatUsd(deck.amountSought, { isCompact: true })}
                  </Text>
                </Group>
                <Text fz="xs" c="dimmed">
                  Live since {formatDate(deck.readyAt)}
                  {deck.pageCount ? ` · ${deck.pageCount} ${deck.pageCount === 1 ? 'page' : 'pages'}` : ''}
                </Text>
                <Group gap="md" mt="auto" pt={4}>
                  <Anchor component={Link} to={paths.investor.pitchDeck(deck.id)} fz="sm">
                    Open deck
                  </Anchor>
                  <Anchor component={Link} to={paths.investor.analysis(deck.id)} fz="sm">
                    <Group gap={4} component="span" wrap="nowrap">
                      <IconReportAnalytics size={14} aria-hidden />
                      Validation report
                    </Group>
                  </Anchor>
                </Group>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

function CompanyMilestones({ company }: { company: Company }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid="company-milestones">
      <Title order={2} fz="lg" mb={4}>
        Milestones you follow
      </Title>
      <Text fz="xs" c="dimmed" mb="sm">
        Shown because the founder accepted your interest.
      </Text>
      <Table verticalSpacing="xs" layout="fixed">
        <Table.Tbody>
          {company.milestones.map((milestone) => {
            const progress = progressOf(milestone);
            return (
              <Table.Tr key={milestone.id}>
                <Table.Td>
                  <Anchor component={Link} to={paths.investor.milestone(milestone.id)} fz="sm" fw={600}>
                    {milestone.title}
                  </Anchor>
                  <Text fz="xs" c="dimmed">
                    Due {formatDate(`${milestone.dueDate}T12:00:00Z`)} · {milestone.status}
                  </Text>
                </Table.Td>
                <Table.Td w={{ base: 130, sm: 220 }}>
                  <Progress value={progress.percent} size="sm" aria-label={progress.label} />
                  <Text fz="xs" c="dimmed" mt={4}>
                    {progress.label}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
