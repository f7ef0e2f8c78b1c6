import { type PublicLink, publicLinkPaths } from '@deckvalid/contract/links';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Checkbox,
  Container,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconClockPause, IconDownload, IconLinkOff } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { describeApiError } from '@/shared/api/api-error';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid } from '@/shared/lib/form-problems';
import { DeckViewer } from '@/shared/pdf/deck-viewer';
import { AuthLayout } from '@/shared/ui/auth-layout';
import { Brand } from '@/shared/ui/brand';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { PasswordField } from '@/shared/ui/password-field';
import { useLinkViewRecorder } from '../hooks/use-link-view-recorder';
import { type GateValues, gateBodyOf, gateFieldOrder, gateRefusalOf, validateGate } from '../link-gate';
import { useLinkAccessMutation, usePublicLinkQuery, viewerAuthorization } from '../links-api';
import {
  clearViewerAccess,
  readViewerAccess,
  type StoredViewerAccess,
  storeViewerAccess,
} from '../viewer-token-storage';

type LinkViewerProps = {
  slug: string;
  /** Investor sign-up with the visitor's email filled in (composed by app/ from paths). */
  signupHref: (email: string | null) => string;
  /** The product's home, for the header's name. */
  homeHref: string;
};

/**
 * /s/{slug}: a share link opened by anyone, without an account. The link says what its gate asks
 * for; once passed, the viewer token stays in this tab (a reload does not ask again) and the deck
 * opens in the app's viewer, its page time reported as investors' is.
 */
export function LinkViewer({ slug, signupHref, homeHref }: LinkViewerProps) {
  const link = usePublicLinkQuery(slug);
  const [access, setAccess] = useState<StoredViewerAccess | null>(() => readViewerAccess(slug));
  const [notice, setNotice] = useState<string | null>(null);
  useDocumentTitle(link.data ? `${link.data.company} – ${link.data.title}` : 'Shared deck');

  const handleAccess = (granted: StoredViewerAccess) => {
    storeViewerAccess(slug, granted);
    setNotice(null);
    setAccess(granted);
  };
  const handleAccessEnded = useCallback(
    (reason: 'token' | 'gone') => {
      clearViewerAccess(slug);
      setAccess(null);
      if (reason === 'gone') void link.refetch();
      else setNotice('Your access to this deck ended, perhaps because its settings changed. Open it again below.');
    },
    [slug, link.refetch],
  );

  if (link.isLoading) {
    return (
      <Center mih="100dvh">
        <Loader aria-label="Opening the shared deck" />
      </Center>
    );
  }
  if (!link.data) return <LinkUnavailable error={link.error} homeHref={homeHref} onRetry={() => void link.refetch()} />;
  if (!access) return <LinkGate slug={slug} link={link.data} notice={notice} onAccess={handleAccess} />;
  return (
    <LinkReader
      slug={slug}
      link={link.data}
      access={access}
      onAccessEnded={handleAccessEnded}
      signupHref={signupHref}
      homeHref={homeHref}
    />
  );
}

/** A 404 or 410 in words a visitor can act on, or a failure to try again. */
function LinkUnavailable({ error, homeHref, onRetry }: { error: unknown; homeHref: string; onRetry: () => void }) {
  const problem = describeApiError(error);
  const reason =
    typeof problem.details === 'object' && problem.details !== null && 'reason' in problem.details
      ? (problem.details as { reason: unknown }).reason
      : null;
  let title = "We couldn't open this link";
  let body: ReactNode = problem.message;
  let icon: ReactNode = <IconLinkOff size={36} aria-hidden />;
  if (problem.status === 410) {
    const isExpired = reason === 'LINK_EXPIRED';
    title = isExpired ? 'This link has expired' : 'This link has ended';
    body = `The founder ${isExpired ? 'set it to stop working at a given time' : 'has ended it'}, so it no longer opens the deck. Ask them for a new link.`;
    icon = <IconClockPause size={36} aria-hidden />;
  } else if (problem.status === 404) {
    const isNotReady = reason === 'DECK_NOT_READY';
    title = isNotReady ? 'This deck is not ready yet' : 'This link does not exist';
    body = isNotReady
      ? 'The founder’s deck is still being prepared. Try the link again in a few minutes.'
      : 'Check that the whole address was copied, or ask the founder who sent it for a new link.';
  }
  const isTransient = typeof problem.status !== 'number' || problem.status >= 500;
  return (
    <AuthLayout title={title}>
      <Stack gap="md" align="flex-start" data-testid="link-unavailable" data-status={String(problem.status)}>
        <Box c="dimmed">{icon}</Box>
        <Text>{body}</Text>
        {isTransient ? (
          <Button variant="light" onClick={onRetry}>
            Try again
          </Button>
        ) : (
          <Anchor component={Link} to={homeHref} fz="sm">
            What is Pitchlane?
          </Anchor>
        )}
      </Stack>
    </AuthLayout>
  );
}

type LinkGateProps = {
  slug: string;
  link: PublicLink;
  notice: string | null;
  onAccess: (access: StoredViewerAccess) => void;
};

/** Asks only for what the link requires; a mailed code is asked for once the server sent one. */
function LinkGate({ slug, link, notice, onAccess }: LinkGateProps) {
  const [requestAccess, request] = useLinkAccessMutation();
  const [isCodeSent, setIsCodeSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [waitUntil, setWaitUntil] = useState<Date | null>(null);
  const form = useSubmitValidatedForm<GateValues>({
    initialValues: { email: '', passcode: '', agreed: false, code: '' },
    validate: (values) => validateGate(link.requires, values, isCodeSent),
  });
  const { requires } = link;
  const isOpenToAll = !requires.email && !requires.passcode && !requires.agreement;

  const handleSubmit = async (values: GateValues) => {
    setProblem(null);
    const body = gateBodyOf(requires, values, isCodeSent);
    const result = await requestAccess({ slug, body });
    if ('data' in result && result.data) {
      onAccess({ ...result.data, email: body.email ?? null });
      return;
    }
    const refusal = gateRefusalOf(describeApiError(result.error));
    if (refusal.kind === 'codeSent') {
      setIsCodeSent(true);
      form.setFieldValue('code', '');
    } else if (refusal.kind === 'field') {
      form.setFieldError(refusal.field, refusal.message);
      focusFirstInvalid({ [refusal.field]: refusal.message }, gateFieldOrder);
    } else if (refusal.kind === 'wait') {
      setWaitUntil(refusal.until);
    } else if (refusal.kind === 'gone') {
      setProblem('This link no longer opens the deck. Reload the page to see why.');
    } else {
      setProblem(refusal.message);
    }
  };

  const waitText = waitUntil
    ? `Too many wrong tries. Try again after ${waitUntil.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}.`
    : null;

  return (
    <AuthLayout
      title={link.title}
      description={`${link.company} shared this deck with you${link.pageCount ? ` · ${link.pageCount} pages` : ''}.`}
      footer={
        <Text fz="xs" c="dimmed">
          Shared through Pitchlane. No account needed to read.
        </Text>
      }
    >
      <form
        noValidate
        onSubmit={form.onSubmit(handleSubmit, (errors) => focusFirstInvalid(errors, gateFieldOrder))}
        data-testid="link-gate"
      >
        <Stack gap="md">
          {notice ? (
            <Alert color="yellow" variant="light" role="status">
              {notice}
            </Alert>
          ) : null}
          {waitText ? (
            <Alert color="orange" variant="light" role="alert" title="Please wait" data-testid="link-gate-wait">
              {waitText}
            </Alert>
          ) : null}
          <FormErrorAlert message={problem} />
          {requires.email ? (
            <TextInput
              label="Your email"
              description={
                requires.verifyEmail
                  ? 'We’ll mail you a 6-digit code to confirm it.'
                  : 'The founder sees who read the deck.'
              }
              type="email"
              autoComplete="email"
              inputMode="email"
              withAsterisk
              disabled={isCodeSent}
              {...form.getInputProps('email')}
            />
          ) : null}
          {requires.passcode ? (
            <PasswordField
              label="Passcode"
              description="The founder gave it to you with the link."
              autoComplete="off"
              withAsterisk
              disabled={isCodeSent}
              {...form.getInputProps('passcode')}
            />
          ) : null}
          {requires.agreement && link.agreement ? (
            <Stack gap={6}>
              <Text fz="sm" fw={500} id="link-agreement-title">
                Agreement
              </Text>
              <Paper withBorder radius="md" p={0}>
                <ScrollArea.Autosize
                  mah={200}
                  type="auto"
                  tabIndex={0}
                  aria-labelledby="link-agreement-title"
                  role="region"
                >
                  <Text fz="sm" p="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="link-agreement">
                    {link.agreement}
                  </Text>
                </ScrollArea.Autosize>
              </Paper>
              <Checkbox
                label="I accept this agreement"
                disabled={isCodeSent}
                {...form.getInputProps('agreed', { type: 'checkbox' })}
              />
            </Stack>
          ) : null}
          {isCodeSent ? (
            <Stack gap={6} data-testid="link-code-step">
              <Text fz="sm" role="status">
                We sent a 6-digit code to <strong>{form.values.email.trim()}</strong>. It works for 10 minutes.
              </Text>
              <TextInput
                label="Code from the mail"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                autoFocus
                withAsterisk
                {...form.getInputProps('code')}
              />
              <Anchor
                component="button"
                type="button"
                fz="sm"
                w="fit-content"
                onClick={() => {
                  setIsCodeSent(false);
                  form.setFieldValue('code', '');
                }}
              >
                Use another email, or send a new code
              </Anchor>
            </Stack>
          ) : null}
          {isOpenToAll ? <Text fz="sm">The founder shared this deck with anyone who has the link.</Text> : null}
          <Button type="submit" loading={request.isLoading} disabled={waitUntil !== null && waitUntil > new Date()}>
            {isCodeSent ? 'Confirm and open the deck' : requires.verifyEmail ? 'Send me a code' : 'Open the deck'}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

type LinkReaderProps = {
  slug: string;
  link: PublicLink;
  access: StoredViewerAccess;
  onAccessEnded: (reason: 'token' | 'gone') => void;
  signupHref: (email: string | null) => string;
  homeHref: string;
};

type FileState = { status: 'loading' } | { status: 'ready'; file: Blob } | { status: 'error'; message: string };

/** Fetches the link's PDF with the viewer token; a 401 or 410 ends the visitor's access. */
function useLinkFile(slug: string, viewerToken: string, onAccessEnded: LinkReaderProps['onAccessEnded']) {
  const [state, setState] = useState<FileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the trigger to fetch again
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetch(publicLinkPaths.file(slug), { headers: viewerAuthorization(viewerToken), signal: controller.signal })
      .then(async (response) => {
        if (response.status === 401) return onAccessEnded('token');
        if (response.status === 404 || response.status === 410) return onAccessEnded('gone');
        if (!response.ok) throw new Error(String(response.status));
        setState({ status: 'ready', file: await response.blob() });
      })
      .catch(() => {
        if (!controller.signal.aborted) {
          setState({ status: 'error', message: "We couldn't load the deck. Check your connection and try again." });
        }
      });
    return () => controller.abort();
  }, [slug, viewerToken, onAccessEnded, attempt]);
  return { state, retry: () => setAttempt((count) => count + 1) };
}

/** The deck in the viewer, a download when allowed, and the invitation to Pitchlane after it. */
function LinkReader({ slug, link, access, onAccessEnded, signupHref, homeHref }: LinkReaderProps) {
  const { state, retry } = useLinkFile(slug, access.viewerToken, onAccessEnded);
  const handlePageTime = useLinkViewRecorder(slug, access.viewerToken);
  const [isDownloading, setIsDownloading] = useState(false);
  const [downloadProblem, setDownloadProblem] = useState<string | null>(null);
  // The server keeps a visit for the investor account of its email only when the gate proved it.
  const isKept = link.requires.verifyEmail && access.email !== null;

  const handleDownload = async () => {
    setIsDownloading(true);
    setDownloadProblem(null);
    try {
      const response = await fetch(publicLinkPaths.download(slug), {
        headers: viewerAuthorization(access.viewerToken),
      });
      if (response.status === 401) return onAccessEnded('token');
      if (!response.ok) throw new Error(String(response.status));
      const url = URL.createObjectURL(await response.blob());
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = `${link.company} - ${link.title}.pdf`.replace(/[\\/:*?"<>|]/g, ' ');
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      // The click has handed the file to the browser; the address is not needed after it.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setDownloadProblem("We couldn't download the deck. Try again in a moment.");
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Box mih="100dvh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="xl" py="sm">
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Anchor component={Link} to={homeHref} underline="never" c="inherit" aria-label="Pitchlane home">
              <Brand size="sm" />
            </Anchor>
            {link.allowDownload ? (
              <Button
                variant="light"
                size="sm"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={isDownloading}
                onClick={() => void handleDownload()}
              >
                Download
              </Button>
            ) : null}
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
          <FormErrorAlert message={downloadProblem} title="Download failed" />
          {state.status === 'ready' ? (
            <DeckViewer fileUrl={state.file} title={link.title} onPageTime={handlePageTime} />
          ) : state.status === 'error' ? (
            <Stack gap="sm" align="flex-start">
              <FormErrorAlert message={state.message} title="The deck didn't load" />
              <Button variant="light" onClick={retry}>
                Try again
              </Button>
            </Stack>
          ) : (
            <Paper withBorder radius="md" h={360}>
              <Center h="100%">
                <Loader aria-label="Loading the deck" />
              </Center>
            </Paper>
          )}
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="link-keep-cta">
            <Group justify="space-between" gap="md" wrap="wrap">
              <Stack gap={4} maw={620}>
                <Title order={2} fz="lg">
                  Keep this deck in Pitchlane
                </Title>
                <Text fz="sm" c="dimmed">
                  {isKept
                    ? `Create an investor account with ${access.email}, or sign in to yours: this deck and what you read here wait on your home page, with every pitch deck on Pitchlane to browse.`
                    : `Create an investor account${access.email ? ` with ${access.email}` : ''} to browse pitch decks and follow the companies you back. This link did not prove your email, so this deck is not kept for you: keep the link to come back to it.`}
                </Text>
              </Stack>
              <Button component={Link} to={signupHref(access.email)} variant="filled">
                Create an investor account
              </Button>
            </Group>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
