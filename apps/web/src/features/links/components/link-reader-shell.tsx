import type { PublicLink } from '@deckvalid/contract/links';
import { Anchor, Box, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DeckViewer } from '@/shared/pdf/deck-viewer';
import { Brand } from '@/shared/ui/brand';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { viewerAuthorization } from '../links-api';
import type { StoredViewerAccess } from '../viewer-token-storage';

/** What ends a visitor's reading: their token (`token`), or the link itself (`gone`). */
export type AccessEnded = (reason: 'token' | 'gone') => void;

export type LinkReaderProps = {
  slug: string;
  link: PublicLink;
  access: StoredViewerAccess;
  onAccessEnded: AccessEnded;
  signupHref: (email: string | null) => string;
  homeHref: string;
};

export type FileState = { status: 'loading' } | { status: 'ready'; file: Blob } | { status: 'error'; message: string };

/**
 * Fetches a PDF a link shows with the viewer token; a 401 ends the visitor's access, and so does
 * a 404 or 410 of the link's own file (`isLinkFile`). A room's document that went missing is an
 * error to read, not the end of the link.
 */
export function useLinkFile(
  url: string,
  viewerToken: string,
  onAccessEnded: AccessEnded,
  { isLinkFile = true }: { isLinkFile?: boolean } = {},
) {
  const [state, setState] = useState<FileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger to fetch again
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetch(url, { headers: viewerAuthorization(viewerToken), signal: controller.signal })
      .then(async (response) => {
        if (response.status === 401) return onAccessEnded('token');
        if (response.status === 410 || (isLinkFile && response.status === 404)) return onAccessEnded('gone');
        if (response.status === 404) {
          setState({ status: 'error', message: 'This document is no longer in the room.' });
          return;
        }
        if (!response.ok) throw new Error(String(response.status));
        setState({ status: 'ready', file: await response.blob() });
      })
      .catch(() => {
        if (!controller.signal.aborted) {
          setState({ status: 'error', message: "We couldn't load the file. Check your connection and try again." });
        }
      });
    return () => controller.abort();
  }, [url, viewerToken, onAccessEnded, isLinkFile, attempt]);
  return { state, retry: () => setAttempt((count) => count + 1) };
}

/** Saves a file a link allows to download, with the viewer token; its problem in words, if any. */
export function useLinkDownload(viewerToken: string, onAccessEnded: AccessEnded) {
  const [isDownloading, setIsDownloading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (url: string, filename: string, failure: string) => {
    setIsDownloading(true);
    setProblem(null);
    try {
      const response = await fetch(url, { headers: viewerAuthorization(viewerToken) });
      if (response.status === 401) return onAccessEnded('token');
      if (!response.ok) throw new Error(String(response.status));
      const blobUrl = URL.createObjectURL(await response.blob());
      const anchor = document.createElement('a');
      anchor.href = blobUrl;
      anchor.download = filename.replace(/[\\/:*?"<>|]/g, ' ');
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      // The click has handed the file to the browser; the address is not needed after it.
      setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
    } catch {
      setProblem(failure);
    } finally {
      setIsDownloading(false);
    }
  };
  return { isDownloading, problem, save };
}

/** A PDF in the viewer once fetched, with its loading and failed states. */
export function LinkDocument({
  state,
  title,
  noun,
  onRetry,
  onPageTime,
}: {
  state: FileState;
  title: string;
  noun: string;
  onRetry: () => void;
  onPageTime: (page: number, seconds: number) => void;
}) {
  if (state.status === 'ready') return <DeckViewer fileUrl={state.file} title={title} onPageTime={onPageTime} />;
  if (state.status === 'error') {
    return (
      <Stack gap="sm" align="flex-start">
        <FormErrorAlert message={state.message} title={`The ${noun} didn't load`} />
        <Button variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" h={360}>
      <Center h="100%">
        <Loader aria-label={`Loading the ${noun}`} />
      </Center>
    </Paper>
  );
}

/** The invitation after what a link shows: an investor account on Pitchlane. */
export function KeepInPitchlane({ title, text, href }: { title: string; text: string; href: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="link-keep-cta">
      <Group justify="space-between" gap="md" wrap="wrap">
        <Stack gap={4} maw={620}>
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text fz="sm" c="dimmed">
            {text}
          </Text>
        </Stack>
        <Button component={Link} to={href} variant="filled">
          Create an investor account
        </Button>
      </Group>
    </Paper>
  );
}

/** A visitor's page: the product's header with an action, what the link shares, and the invitation after it. */
export function ReaderShell({
  homeHref,
  link,
  action,
  cta,
  children,
}: {
  homeHref: string;
  link: PublicLink;
  action: ReactNode;
  cta: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box mih="100dvh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="xl" py="sm">
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Anchor component={Link} to={homeHref} underline="never" c="inherit" aria-label="Pitchlane home">
              <Brand size="sm" />
            </Anchor>
            {action}
          </Group>
        </Container>
      </Box>
      <Container component="main" size="xl" py={{ base: 'sm', sm: 'lg' }} px={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          <Stack gap={2} px={{ base: 'xs', sm: 0 }}>
            <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
              {link.title}
            </Title>
            <Text c="dimmed" fz="sm">
              {link.company}
              {link.watermark ? ' · Every page carries your email as a watermark.' : ''}
            </Text>
          </Stack>
          {children}
          {cta}
        </Stack>
      </Container>
    </Box>
  );
}
