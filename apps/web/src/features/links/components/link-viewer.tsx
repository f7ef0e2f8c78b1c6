import { type PublicLink, publicLinkPaths } from '@deckvalid/contract/links';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Checkbox,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconClockPause, IconDownload, IconLinkOff } from '@tabler/icons-react';
import { type ReactNode, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { describeApiError } from '@/shared/api/api-error';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid } from '@/shared/lib/form-problems';
import { AuthLayout } from '@/shared/ui/auth-layout';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { PasswordField } from '@/shared/ui/password-field';
import { useLinkViewRecorder } from '../hooks/use-link-view-recorder';
import { type GateValues, gateBodyOf, gateFieldOrder, gateRefusalOf, validateGate } from '../link-gate';
import { useLinkAccessMutation, usePublicLinkQuery } from '../links-api';
import {
  clearViewerAccess,
  readViewerAccess,
  type StoredViewerAccess,
  storeViewerAccess,
} from '../viewer-token-storage';
import {
  KeepInPitchlane,
  LinkDocument,
  type LinkReaderProps,
  ReaderShell,
  useLinkDownload,
  useLinkFile,
} from './link-reader-shell';
import { LinkRoomReader } from './link-room-reader';

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
  const Reader = link.data.kind === 'room' ? LinkRoomReader : LinkReader;
  return (
    <Reader
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
      setProblem(`This link no longer opens the ${nounOf(link)}. Reload the page to see why.`);
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
      description={`${link.company} shared this ${nounOf(link)} with you${link.pageCount ? ` · ${link.pageCount} pages` : ''}.`}
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
                  : `The founder sees who read the ${nounOf(link)}.`
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
          {isOpenToAll ? (
            <Text fz="sm">The founder shared this {nounOf(link)} with anyone who has the link.</Text>
          ) : null}
          <Button type="submit" loading={request.isLoading} disabled={waitUntil !== null && waitUntil > new Date()}>
            {isCodeSent
              ? `Confirm and open the ${nounOf(link)}`
              : requires.verifyEmail
                ? 'Send me a code'
                : `Open the ${nounOf(link)}`}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}

/** The visitor's word for what the link shares. */
const nounOf = (link: PublicLink) => (link.kind === 'room' ? 'data room' : 'deck');

/** The deck in the viewer, a download when allowed, and the invitation to Pitchlane after it. */
function LinkReader({ slug, link, access, onAccessEnded, signupHref, homeHref }: LinkReaderProps) {
  const { state, retry } = useLinkFile(publicLinkPaths.file(slug), access.viewerToken, onAccessEnded);
  const handlePageTime = useLinkViewRecorder(slug, access.viewerToken);
  const download = useLinkDownload(access.viewerToken, onAccessEnded);
  // The server keeps a visit for the investor account of its email only when the gate proved it.
  const isKept = link.requires.verifyEmail && access.email !== null;

  return (
    <ReaderShell
      homeHref={homeHref}
      link={link}
      action={
        link.allowDownload ? (
          <Button
            variant="light"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isDownloading}
            onClick={() =>
              void download.save(
                publicLinkPaths.download(slug),
                `${link.company} - ${link.title}.pdf`,
                "We couldn't download the deck. Try again in a moment.",
              )
            }
          >
            Download
          </Button>
        ) : null
      }
      cta={
        <KeepInPitchlane
          title="Keep this deck in Pitchlane"
          text={
            isKept
              ? `Create an investor account with ${access.email}, or sign in to yours: this deck and what you read here wait on your home page, with every pitch deck on Pitchlane to browse.`
              : `Create an investor account${access.email ? ` with ${access.email}` : ''} to browse pitch decks and follow the companies you back. This link did not prove your email, so this deck is not kept for you: keep the link to come back to it.`
          }
          href={signupHref(access.email)}
        />
      }
    >
      <FormErrorAlert message={download.problem} title="Download failed" />
      <LinkDocument state={state} title={link.title} onRetry={retry} onPageTime={handlePageTime} noun="deck" />
    </ReaderShell>
  );
}
