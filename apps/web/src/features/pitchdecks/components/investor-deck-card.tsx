import type { InvestorPitchDeck } from '@deckvalid/contract/pitchdecks';
import { Anchor, Badge, Box, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconBuildingSkyscraper, IconFileText, IconReportAnalytics } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatUsd } from '@/shared/lib/format-money';
import { PdfThumbnail } from '@/shared/pdf/pdf-thumbnail';
import { excerptSegments } from '../deck-excerpt';
import { myInterestDisplay, pageCountLabel } from '../investor-deck-search';
import { forgetFileUrl, stableFileUrl } from '../stable-file-url';
import classes from './investor-deck-card.module.css';
import { ThesisFitNote } from './thesis-fit-note';

type InvestorDeckCardProps = {
  deck: InvestorPitchDeck;
  /** The deck page's URL. */
  to: string;
  /** Router state for the deck page (the list's query string, for its back link). */
  linkState?: unknown;
  /** The deck's validation report page, linked from the card's last line. */
  analysisTo?: string;
  /** The deck's company page, linked from a tag over the thumbnail's top right corner. */
  companyTo?: string;
  /**
   * Called when the thumbnail's file did not load, most likely because its signed address
   * expired while the list stayed open; the list refetches for fresh addresses.
   */
  onFileUnavailable?: () => void;
};

/**
 * One ready deck in the investor's search results. The whole card is the link to the deck page
 * (`data-testid="deck-card"` is the anchor itself), so a click anywhere opens it.
 */
export function InvestorDeckCard({
  deck,
  to,
  linkState,
  analysisTo,
  companyTo,
  onFileUnavailable,
}: InvestorDeckCardProps) {
  const { ref: thumbRef, width: thumbWidth } = useElementSize<HTMLDivElement>();
  const interest = deck.myInterest ? myInterestDisplay[deck.myInterest.status] : null;
  const pages = pageCountLabel(deck.pageCount);

  const card = (
    <Card
      component={Link}
      to={to}
      state={linkState}
      withBorder
      radius="md"
      padding="md"
      data-testid="deck-card"
      data-deck-id={deck.id}
      h="100%"
      style={{ textDecoration: 'none', color: 'inherit', display: 'flex', flexDirection: 'column' }}
      className={classes.card}
    >
      <Card.Section
        ref={thumbRef}
        bg="gray.1"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        {thumbWidth > 0 ? (
          <PdfThumbnail
            fileUrl={stableFileUrl(deck.id, deck.fileUrl)}
            imageUrl={deck.thumbnailUrl && stableFileUrl(`${deck.id}:page-1:${deck.version}`, deck.thumbnailUrl)}
            width={Math.floor(thumbWidth)}
            onError={() => {
              forgetFileUrl(deck.id);
              onFileUnavailable?.();
            }}
          />
        ) : (
          <Skeleton h={180} radius={0} animate={false} />
        )}
      </Card.Section>

      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
          <Text fz="xs" fw={700} tt="uppercase" c="indigo.7" lts={0.4} truncate>
            {deck.company}
          </Text>
          {interest ? (
            <Badge
              size="sm"
              variant="light"
              tt="none"
              color={interest.color}
              data-testid="deck-card-interest"
              style={{ flexShrink: 0 }}
            >
              {interest.label}
            </Badge>
          ) : null}
        </Group>
        <Title order={2} fz="md" lh={1.3} lineClamp={2} className={classes.title}>
          {deck.title}
        </Title>
        <Text fz="sm" c="dimmed" lineClamp={2}>
          {deck.pitch}
        </Text>
        {deck.excerpt ? <DeckExcerpt excerpt={deck.excerpt} /> : null}
        <ThesisFitNote fit={deck.thesisFit} />
        <Group gap={6} mt="auto" pt={6}>
          <Badge variant="light" color="gray" radius="sm" tt="none">
            {deck.sector}
          </Badge>
          <Badge variant="light" color="indigo" radius="sm" tt="none">
            {deck.stage}
          </Badge>
          <Text fz="sm" fw={600} ml="auto" title={formatUsd(deck.amountSought)}>
            {formatUsd(deck.amountSought, { isCompact: true })}
          </Text>
        </Group>
        {pages || analysisTo ? (
          // Keeps the last line's height when the report link (laid over it) is the only thing on it.
          <Group gap={4} c="dimmed" mih={20}>
            {pages ? (
              <>
                <IconFileText size={14} aria-hidden />
                <Text fz="xs">{pages}</Text>
              </>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
  if (!analysisTo && !companyTo) return card;
  // A link cannot hold another link: the report link is the card's sibling, laid over its last
  // line, and the company link a tag over the thumbnail's top right corner, where a slide's
  // title (top left, in most decks) stays readable.
  return (
    <Box pos="relative" h="100%">
      {card}
      {companyTo ? (
        <Badge
          component={Link}
          to={companyTo}
          pos="absolute"
          top={8}
          right={8}
          variant="white"
          color="dark"
          radius="sm"
          tt="none"
          leftSection={<IconBuildingSkyscraper size={12} aria-hidden />}
          style={{ cursor: 'pointer', boxShadow: 'var(--mantine-shadow-xs)' }}
          aria-label={`Company page: ${deck.company}`}
          data-testid="deck-card-company"
        >
          Company
        </Badge>
      ) : null}
      {analysisTo ? (
        <Anchor
          component={Link}
          to={analysisTo}
          state={linkState}
          pos="absolute"
          right="var(--mantine-spacing-md)"
          bottom="var(--mantine-spacing-md)"
          fz="xs"
          fw={600}
          aria-label={`Validation report: ${deck.title}`}
          data-testid="deck-card-analysis"
        >
          <Group gap={4} component="span" wrap="nowrap">
            <IconReportAnalytics size={14} aria-hidden />
            Validation report
          </Group>
        </Anchor>
      ) : null}
    </Box>
  );
}

/** Segments keyed by where they start in the excerpt: unique, and stable for the same excerpt. */
function keyedSegments(excerpt: string) {
  let offset = 0;
  return excerptSegments(excerpt).map((segment) => {
    const key = offset;
    offset += segment.text.length;
    return { ...segment, key };
  });
}

/** The deck text around the search term, matches highlighted; the « » marks themselves are dropped. */
export function DeckExcerpt({ excerpt }: { excerpt: string }) {
  return (
    <Box
      fz="xs"
      c="gray.7"
      bg="gray.0"
      px={8}
      py={6}
      style={{ borderRadius: 'var(--mantine-radius-sm)', borderLeft: '3px solid var(--mantine-color-yellow-4)' }}
      data-testid="deck-card-excerpt"
    >
      <Text fz="xs" lineClamp={3} inherit>
        {keyedSegments(excerpt).map(({ key, text, isMatch }) =>
          isMatch ? (
            <mark key={key} style={{ background: 'var(--mantine-color-yellow-2)', padding: '0 1px', borderRadius: 2 }}>
              {text}
            </mark>
          ) : (
            <span key={key}>{text}</span>
          ),
        )}
      </Text>
    </Box>
  );
}

/** The card's shape while the first page of results loads. */
export function InvestorDeckCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden>
      <Card.Section>
        <Skeleton h={180} radius={0} />
      </Card.Section>
      <Stack gap={8} mt="sm">
        <Skeleton h={10} w="40%" />
        <Skeleton h={16} w="85%" />
        <Skeleton h={12} w="100%" />
        <Skeleton h={12} w="70%" />
        <Group gap={6} mt={6}>
          <Skeleton h={18} w={70} />
          <Skeleton h={18} w={50} />
        </Group>
      </Stack>
    </Card>
  );
}
