import {
  type DeckReview,
  deckReviewLimits,
  type ReviewVerdict,
  reviewVerdicts,
} from '@deckvalid/contract/deck-reviews';
import {
  Badge,
  Box,
  Button,
  EmptyState,
  Group,
  Paper,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { LoadProblem } from '@/shared/ui/load-problem';
import { useDeckReviewsQuery, usePutDeckReviewMutation } from '../feedback-api';
import {
  averageScore,
  labelledSections,
  type ReviewSectionDraft,
  reviewDraftSections,
  verdictLabels,
} from '../feedback-model';

const scores = Array.from(
  { length: deckReviewLimits.maxScore - deckReviewLimits.minScore + 1 },
  (_, index) => deckReviewLimits.minScore + index,
);

/**
 * The mentor's review of one version: the saved one read back with "Change your review", or the
 * form (a score and a note per report section, in the report's order, a verdict and a summary),
 * saved with PUT, which makes or replaces it.
 */
export function MentorReviewPanel({ deckId, version }: { deckId: string; version: number }) {
  const reviews = useDeckReviewsQuery({ deckId, side: 'mentor' });
  const [isEditing, setIsEditing] = useState(false);
  const saved = reviews.data?.find((review) => review.version === version);

  if (reviews.isLoading) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading your review">
        <Skeleton h={40} radius="md" />
        <Skeleton h={240} radius="md" />
      </Stack>
    );
  }
  if (!reviews.data) {
    return (
      <LoadProblem title="We couldn't load your review" error={reviews.error} onRetry={() => void reviews.refetch()} />
    );
  }
  if (saved && !isEditing) {
    return (
      <Stack gap="sm" align="flex-start">
        <ReviewCard review={saved} heading={`Your review of version ${version}`} headingOrder={2} />
        <Button variant="light" onClick={() => setIsEditing(true)}>
          Change your review
        </Button>
      </Stack>
    );
  }
  return (
    <ReviewForm
      key={`${version}:${saved?.updatedAt ?? 'new'}`}
      deckId={deckId}
      version={version}
      saved={saved}
      onDone={() => setIsEditing(false)}
    />
  );
}

type ReviewFormProps = { deckId: string; version: number; saved: DeckReview | undefined; onDone: () => void };

function ReviewForm({ deckId, version, saved, onDone }: ReviewFormProps) {
  const [sections, setSections] = useState<ReviewSectionDraft[]>(() => reviewDraftSections(saved));
  const [verdict, setVerdict] = useState<ReviewVerdict>(saved?.verdict ?? 'needs_work');
  const [summary, setSummary] = useState(saved?.summary ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const [put, putting] = usePutDeckReviewMutation();
  const change = (key: string, patch: Partial<ReviewSectionDraft>) =>
    setSections((current) => current.map((section) => (section.key === key ? { ...section, ...patch } : section)));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = sections.filter((section) => section.score === null);
    if (missing.length > 0 || !summary.trim()) {
      setShowMissing(true);
      setProblem(
        missing.length > 0
          ? `Score every section from ${deckReviewLimits.minScore} to ${deckReviewLimits.maxScore}: ${missing.length} left.`
          : 'Sum up your review.',
      );
      return;
    }
    setProblem(null);
    try {
      await put({
        deckId,
        version,
        body: {
          verdict,
          summary: summary.trim(),
          sections: sections.map(({ key, score, note }) => ({ key, score: score ?? 0, note: note.trim() || null })),
        },
      }).unwrap();
      onDone();
    } catch (error) {
      setProblem(describeApiError(error).message);
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Box component="form" onSubmit={handleSubmit} noValidate data-testid="review-form">
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {saved ? `Change your review of version ${version}` : `Review version ${version}`}
            </Title>
            <Text fz="sm" c="dimmed">
              Score each section of the report from {deckReviewLimits.minScore} (missing or weak) to{' '}
              {deckReviewLimits.maxScore} (investor-ready), with a note if it helps. The founder sees your review;
              investors never do.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {sections.map((section) => (
              <Paper key={section.key} withBorder radius="md" p="sm" data-testid="review-section">
                <Stack gap={6}>
                  <Radio.Group
                    label={section.label}
                    value={section.score === null ? null : String(section.score)}
                    onChange={(value) => change(section.key, { score: Number(value) })}
                    error={showMissing && section.score === null ? 'Give a score.' : undefined}
                  >
                    <Group gap="md" mt={4}>
                      {scores.map((score) => (
                        <Radio key={score} value={String(score)} label={String(score)} />
                      ))}
                    </Group>
                  </Radio.Group>
                  <TextInput
                    label={`Note on ${section.label.toLowerCase()}`}
                    size="xs"
                    maxLength={deckReviewLimits.noteLength}
                    value={section.note}
                    onChange={(event) => change(section.key, { note: event.currentTarget.value })}
                  />
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="review-verdict-label">
              Verdict
            </Text>
            <SegmentedControl
              aria-labelledby="review-verdict-label"
              value={verdict}
              onChange={(value) => setVerdict(value as ReviewVerdict)}
              data={reviewVerdicts.map((value) => ({ value, label: verdictLabels[value] }))}
              w="fit-content"
            />
          </Stack>
          <Textarea
            label="Summary"
            description="What matters most before this deck goes to investors."
            autosize
            minRows={3}
            maxLength={deckReviewLimits.summaryLength}
            value={summary}
            onChange={(event) => setSummary(event.currentTarget.value)}
            error={showMissing && !summary.trim() ? 'Sum up your review.' : undefined}
          />
          <FormErrorAlert message={problem} title="Your review isn't saved yet" />
          <Group justify="flex-end" gap="xs">
            {saved ? (
              <Button type="button" variant="subtle" onClick={onDone}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" loading={putting.isLoading}>
              Save review
            </Button>
          </Group>
        </Stack>
      </Box>
    </Paper>
  );
}

/** One saved review: verdict, summary, mean score and the sections with their notes. */
export function ReviewCard({
  review,
  heading,
  headingOrder = 3,
}: {
  review: DeckReview;
  heading: string;
  /** 2 where the card is the tab's own content, 3 under a list's heading. */
  headingOrder?: 2 | 3;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} w="100%" data-testid="deck-review">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={2}>
            <Title order={headingOrder} fz="md">
              {heading}
            </Title>
            <Text fz="xs" c="dimmed">
              Saved {formatDateTime(review.updatedAt)}
            </Text>
          </Stack>
          <Group gap={6}>
            <Badge
              // Filled dark teal: small white text on it keeps its contrast, which a light green does not.
              variant={review.verdict === 'ready' ? 'filled' : 'light'}
              color={review.verdict === 'ready' ? 'teal.9' : 'orange'}
              data-testid="review-verdict"
            >
              {verdictLabels[review.verdict]}
            </Badge>
            <Badge variant="outline" color="gray">
              {averageScore(review)} / {deckReviewLimits.maxScore} on average
            </Badge>
          </Group>
        </Group>
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {review.summary}
        </Text>
        <Table.ScrollContainer minWidth={320}>
          <Table fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Section</Table.Th>
                <Table.Th>Score</Table.Th>
                <Table.Th>Note</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {labelledSections(review).map((section) => (
                <Table.Tr key={section.key}>
                  <Table.Td>{section.label}</Table.Td>
                  <Table.Td>
                    {section.score} / {deckReviewLimits.maxScore}
                  </Table.Td>
                  <Table.Td c={section.note ? undefined : 'dimmed'}>{section.note ?? '–'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

/** Every mentor's reviews of the founder's deck, newest version first (the founder's Mentors tab). */
export function FounderReviewsList({ deckId }: { deckId: string }) {
  const reviews = useDeckReviewsQuery({ deckId, side: 'founder' });
  if (reviews.isLoading) return <Skeleton h={160} radius="md" aria-label="Loading the reviews" />;
  if (!reviews.data) {
    return (
      <LoadProblem title="We couldn't load the reviews" error={reviews.error} onRetry={() => void reviews.refetch()} />
    );
  }
  if (reviews.data.length === 0) {
    return (
      <EmptyState
        variant="light"
        size="sm"
        py="md"
        icon={<IconClipboardCheck aria-hidden />}
        title="No reviews yet"
        description="A mentor's review scores each section of the report and gives a verdict. It shows here once saved."
        data-testid="reviews-empty"
      />
    );
  }
  return (
    <Stack gap="sm">
      {reviews.data.map((review) => (
        <ReviewCard key={review.id} review={review} heading={`${review.mentor.name} on version ${review.version}`} />
      ))}
    </Stack>
  );
}
