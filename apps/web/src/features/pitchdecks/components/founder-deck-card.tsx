import type { FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import { Anchor, AspectRatio, Box, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconAlertTriangle, IconEye, IconHeartHandshake } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '@/shared/lib/format-date';
import { formatUsd } from '@/shared/lib/format-money';
import { PdfThumbnail } from '@/shared/pdf/pdf-thumbnail';
import { countLabel } from '../deck-status';
import { FounderDeckStatusBadge } from './founder-deck-status-badge';

/** What a cover is drawn from: the server's picture of page 1 if any, else the PDF. */
export type DeckCoverUrls = { fileUrl: string; imageUrl: string | null };

type FounderDeckCardProps = {
  deck: FounderPitchDeck;
  /**
   * Addresses of the PDF and of its page 1 drawn by the server, for the cover; the list keeps them
   * stable across polls (see FounderDeckList).
   */
  cover: DeckCoverUrls | null;
  /** Where the card leads (the founder's deck page); a prop because URLs live in app/config. */
  to: string;
  /** The thumbnail could not load: most likely its signed address expired. */
  onThumbnailError?: (deckId: string) => void;
};

/** One deck on /founder/pitchdecks: page 1, status, interests and views. */
export function FounderDeckCard({ deck, cover, to, onThumbnailError }: FounderDeckCardProps) {
  const titleId = `deck-title-${deck.id}`;
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="article"
      aria-labelledby={titleId}
      data-testid="deck-card"
      data-deck-id={deck.id}
      data-status={deck.status}
      h="100%"
    >
      <Card.Section withBorder>
        {/* The title link is the keyboard route; the picture is a larger target for the pointer. */}
        <Link to={to} tabIndex={-1} aria-hidden style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}>
          <DeckCover deck={deck} cover={cover} onThumbnailError={onThumbnailError} />
        </Link>
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2} fz="md" lh={1.3} id={titleId} lineClamp={2} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={to} c="inherit" underline="hover">
              {deck.title}
            </Anchor>
          </Title>
          <FounderDeckStatusBadge status={deck.status} />
        </Group>
        <Text fz="sm" c="dimmed" lineClamp={1}>
          {deck.company} · {deck.stage} · {formatUsd(deck.amountSought, { isCompact: true })}
        </Text>
        {deck.status === 'failed' ? (
          <Group gap={6} wrap="nowrap" align="flex-start" c="red.7">
            <IconAlertTriangle size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
            <Text fz="sm" data-testid="deck-failure-reason">
              {deck.failureReason ?? "We couldn't process this deck. Submit it again."}
            </Text>
          </Group>
        ) : (
          <Text fz="sm" lineClamp={2}>
            {deck.pitch}
          </Text>
        )}
        <Group gap="md" mt="auto" pt={6} wrap="nowrap">
          <Group gap={4} data-testid="deck-interest-count">
            <IconHeartHandshake size={16} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text fz="sm">{countLabel(deck.interestCount, 'interest')}</Text>
          </Group>
          <Group gap={4} data-testid="deck-view-count">
            <IconEye size={16} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text fz="sm">{countLabel(deck.viewCount, 'view')}</Text>
          </Group>
        </Group>
        <Text fz="xs" c="dimmed">
          Submitted {formatDate(deck.createdAt)}
        </Text>
      </Stack>
    </Card>
  );
}

/** Page 1 once the deck is ready; a placeholder that says why otherwise. */
function DeckCover({
  deck,
  cover,
  onThumbnailError,
}: Pick<FounderDeckCardProps, 'deck' | 'cover' | 'onThumbnailError'>) {
  const { ref, width } = useElementSize<HTMLDivElement>();
  const shown = deck.status === 'ready' ? cover : null;
  return (
    <AspectRatio ratio={16 / 9} bg="gray.1">
      <Box ref={ref} style={{ overflow: 'hidden' }}>
        {shown && width > 0 ? (
          <PdfThumbnail
            fileUrl={shown.fileUrl}
            imageUrl={shown.imageUrl}
            width={Math.floor(width)}
            onError={() => onThumbnailError?.(deck.id)}
          />
        ) : null}
        {deck.status === 'processing' ? (
          <Center h="100%">
            <Stack align="center" gap={6}>
              <Loader size="sm" aria-hidden />
              <Text fz="sm" c="dimmed">
                Reading your pages…
              </Text>
            </Stack>
          </Center>
        ) : null}
        {deck.status === 'failed' ? (
          <Center h="100%" c="red.4">
            <IconAlertTriangle size={36} stroke={1.5} aria-hidden />
          </Center>
        ) : null}
      </Box>
    </AspectRatio>
  );
}
