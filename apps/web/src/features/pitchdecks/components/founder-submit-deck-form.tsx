import type { FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import { maxDeckPages, tooManyPagesMessage, uploadKinds } from '@deckvalid/contract/uploads';
import { Box, Button, FileButton, Grid, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Dropzone, type FileRejection, type FileWithPath } from '@mantine/dropzone';
import { useElementSize } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck, IconFileTypePdf, IconUpload, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { checkUploadFile, formatFileSize, formatMegabytes, progressPercent } from '@/shared/api/upload-file';
import { type UploadState, useSignedUpload } from '@/shared/hooks/use-signed-upload';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid, showProblemOnForm } from '@/shared/lib/form-problems';
import { countPdfPages } from '@/shared/pdf/pdf-page-count';
import { PdfThumbnail } from '@/shared/pdf/pdf-thumbnail';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import {
  type DeckDetailsValues,
  deckFieldOrder,
  emptyDeckDetails,
  toCreatePitchDeckBody,
  validateDeckDetails,
} from '../deck-details';
import {
  useCreatePitchDeckMutation,
  useDeckUploadTicketMutation,
  useDiscardDeckUploadMutation,
} from '../founder-pitchdecks-api';
import { DeckDetailsFields } from './deck-details-fields';

type ProfileDefaults = Partial<Pick<DeckDetailsValues, 'company' | 'location' | 'website'>>;

/** What leaving the page now would throw away: the page warns before it lets the person go. */
export type UnsavedDeckWork = 'uploading' | 'uploaded' | 'details';

type FounderSubmitDeckFormProps = {
  /** Details the founder's profile already knows; filled into fields the founder has not touched. */
  defaults?: ProfileDefaults;
  /** Called once the deck exists (status processing); the page decides where to go. */
  onSubmitted: (deck: FounderPitchDeck) => void;
  /** Where Cancel leads; rendered as a link by the page. */
  cancelAction?: ReactNode;
  /** Told whenever what would be lost by leaving changes; null once nothing would (or after submit). */
  onUnsavedWorkChange?: (work: UnsavedDeckWork | null) => void;
};

const deckAccept = { 'application/pdf': ['.pdf'] };

/**
 * /founder/submit: the PDF uploads as soon as it is dropped (with a real progress bar and a preview
 * of page 1) while the founder fills in the details; "Submit deck" then creates the deck from the
 * uploaded file's key. An upload the founder abandons is deleted from storage.
 */
export function FounderSubmitDeckForm({
  defaults,
  onSubmitted,
  cancelAction,
  onUnsavedWorkChange,
}: FounderSubmitDeckFormProps) {
  const [requestTicket] = useDeckUploadTicketMutation();
  const [discardUpload] = useDiscardDeckUploadMutation();
  const [createDeck, { isLoading: isCreating }] = useCreatePitchDeckMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const fileSectionRef = useRef<HTMLDivElement>(null);

  const upload = useSignedUpload({
    kind: 'deck',
    requestTicket: async (fileType, fileSize) => {
      const result = await requestTicket({ fileType, fileSize });
      if ('error' in result) return { problem: describeApiError(result.error).message };
      return { ticket: result.data };
    },
    discard: (key) => {
      void discardUpload(key);
    },
  });

  const form = useSubmitValidatedForm<DeckDetailsValues>({
    initialValues: emptyDeckDetails,
    validate: validateDeckDetails,
  });

  // Profile details arrive after the first render; they fill only fields still left alone.
  const { setFieldValue, isTouched, getValues } = form;
  useEffect(() => {
    if (!defaults) return;
    for (const field of ['company', 'location', 'website'] as const) {
      const value = defaults[field];
      if (value && !isTouched(field) && getValues()[field] === '') setFieldValue(field, value);
    }
  }, [defaults, setFieldValue, isTouched, getValues]);

  // Too many pages is known from the file itself: say so before a byte is uploaded, in the
  // server's words, instead of "Uploaded ✓" and a failure after Submit.
  const [isCheckingFile, setIsCheckingFile] = useState(false);
  const handleFile = async (file: File | null | undefined) => {
    if (!file) return;
    setFileProblem(null);
    if (checkUploadFile(file, 'deck') === null) {
      setIsCheckingFile(true);
      const pageCount = await countPdfPages(file);
      setIsCheckingFile(false);
      if (pageCount !== null && pageCount > maxDeckPages) {
        setFileProblem(tooManyPagesMessage(pageCount));
        return;
      }
    }
    void upload.start(file);
  };

  const isUploadBusy = upload.state.phase === 'requesting' || upload.state.phase === 'uploading';

  // Profile defaults are not the founder's typing: only values that are neither empty nor a
  // default count as details to lose.
  const currentValues = form.getValues();
  const hasEditedDetails = deckFieldOrder.some((field) => {
    const value = currentValues[field];
    return value !== emptyDeckDetails[field] && value !== defaults?.[field as keyof ProfileDefaults];
  });
  const unsavedWork: UnsavedDeckWork | null = isUploadBusy
    ? 'uploading'
    : upload.state.phase === 'uploaded'
      ? 'uploaded'
      : hasEditedDetails
        ? 'details'
        : null;
  useEffect(() => onUnsavedWorkChange?.(unsavedWork), [unsavedWork, onUnsavedWorkChange]);

  const handleSubmit = async (values: DeckDetailsValues) => {
    setProblem(null);
    const key = upload.state.phase === 'uploaded' ? upload.state.key : null;
    if (!key) {
      setFileProblem(isUploadBusy ? 'Wait for the upload to finish.' : 'Upload your deck as a PDF first.');
      fileSectionRef.current?.querySelector<HTMLElement>('[data-testid="deck-dropzone"], button')?.focus();
      return;
    }
    const body = toCreatePitchDeckBody(values, key);
    if (!body) return; // validateDeckDetails already marked the fields.
    const result = await createDeck(body);
    if ('data' in result && result.data) {
      upload.markUsed();
      onSubmitted(result.data);
      return;
    }
    setProblem(showProblemOnForm(describeApiError(result.error), deckFieldOrder, form));
  };

  const handleInvalid = (errors: Record<string, unknown>) => {
    if (upload.state.phase === 'idle') setFileProblem('Upload your deck as a PDF first.');
    focusFirstInvalid(errors, deckFieldOrder);
  };

  return (
    <form noValidate onSubmit={form.onSubmit(handleSubmit, handleInvalid)} aria-label="Submit a pitch deck">
      <Stack gap="lg">
        <FormErrorAlert message={problem} title="We couldn't submit your deck" />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} ref={fileSectionRef}>
              <Stack gap="md">
                <Title order={2} fz="lg">
                  Your deck
                </Title>
                <DeckFileSection
                  state={upload.state}
                  isDisabled={isCreating}
                  isChecking={isCheckingFile}
                  problem={fileProblem}
                  onFile={(file) => void handleFile(file)}
                  onRemove={() => {
                    setFileProblem(null);
                    upload.reset();
                  }}
                />
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="md">
                <Title order={2} fz="lg">
                  Details investors see
                </Title>
                <DeckDetailsFields form={form} />
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" gap="sm">
          {cancelAction}
          <Button
            type="submit"
            size="md"
            loading={isCreating}
            disabled={isCreating || isUploadBusy}
            leftSection={<IconUpload size={18} aria-hidden />}
          >
            Submit deck
          </Button>
        </Group>
        {isUploadBusy ? (
          <Text fz="sm" c="dimmed" ta="right">
            You can submit once the upload finishes.
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

type DeckFileSectionProps = {
  state: UploadState;
  isDisabled: boolean;
  /** The chosen file's pages are being counted (the upload has not started). */
  isChecking: boolean;
  problem: string | null;
  onFile: (file: File | null | undefined) => void;
  onRemove: () => void;
};

/**
 * The drop zone while there is no usable file; the file, its preview and its progress after.
 * Shared with the upload of a new version (founder-upload-version.tsx).
 */
export function DeckFileSection({ state, isDisabled, isChecking, problem, onFile, onRemove }: DeckFileSectionProps) {
  const problemId = useId();
  const shownProblem = state.phase === 'failed' ? state.problem : problem;
  // A file that failed its own checks cannot be retried as is; a failed transfer can.
  const canRetry = state.phase === 'failed' && state.file !== null && checkUploadFile(state.file, 'deck') === null;

  if (state.phase === 'idle' || state.phase === 'failed') {
    return (
      <Stack gap="sm">
        <Dropzone
          onDrop={(files: FileWithPath[]) => onFile(files[0])}
          // Our own check words the refusal (type or size), so rejected files go the same way.
          onReject={(rejections: FileRejection[]) => onFile(rejections[0]?.file)}
          accept={deckAccept}
          multiple={false}
          disabled={isDisabled || isChecking}
          loading={isChecking}
          radius="lg"
          data-testid="deck-dropzone"
          // react-dropzone marks the root presentational; it is the control that opens the picker.
          // Its name comes from its visible text (the instruction and the PDF hint), so what is
          // read out matches what is shown.
          role="button"
          aria-describedby={shownProblem ? problemId : undefined}
          // Out of the accessibility tree (display: none): a file input nested in this button
          // would be a second, nested control. The button opens the picker; tests still find the
          // input by its label to hand it files.
          inputProps={{ 'aria-label': 'Pitch deck PDF', name: 'deck', style: { display: 'none' } }}
        >
          <Stack align="center" justify="center" gap={6} mih={200} py="lg" style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={44} stroke={1.5} color="var(--mantine-color-indigo-6)" aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={44} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconFileTypePdf size={44} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
            </Dropzone.Idle>
            <Text fw={600} ta="center">
              Drop your deck here, or click to choose
            </Text>
            <Text fz="sm" c="dimmed" ta="center">
              PDF only, up to {formatMegabytes(uploadKinds.deck.maxBytes)}.
            </Text>
          </Stack>
        </Dropzone>
        {shownProblem ? (
          <Group gap="xs" wrap="nowrap" align="flex-start" c="red.7" role="alert" id={problemId}>
            <IconAlertCircle size={18} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
            <Stack gap={4}>
              <Text fz="sm" data-testid="upload-error">
                {state.phase === 'failed' && state.file ? `${state.file.name}: ` : ''}
                {shownProblem}
              </Text>
              {canRetry && state.file ? (
                <Box>
                  <Button size="compact-sm" variant="light" color="red" onClick={() => onFile(state.file)}>
                    Try the upload again
                  </Button>
                </Box>
              ) : null}
            </Stack>
          </Group>
        ) : null}
      </Stack>
    );
  }

  const { file } = state;
  const percent = state.phase === 'uploaded' ? 100 : progressPercent(state.progress);
  return (
    <Stack gap="md" data-testid="deck-file">
      {file ? <DeckPreview file={file} /> : null}
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={36} radius="md" color={state.phase === 'uploaded' ? 'teal' : 'indigo'}>
          {state.phase === 'uploaded' ? (
            <IconCircleCheck size={20} aria-hidden />
          ) : (
            <IconFileTypePdf size={20} aria-hidden />
          )}
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} truncate="end" title={file?.name}>
            {file?.name}
          </Text>
          <Text fz="sm" c="dimmed">
            {file ? formatFileSize(file.size) : ''}
            {' · '}
            <span aria-live="polite">
              {state.phase === 'requesting' ? 'Preparing upload…' : null}
              {state.phase === 'uploading' ? `Uploading… ${percent}%` : null}
              {state.phase === 'uploaded' ? 'Uploaded' : null}
            </span>
          </Text>
        </Stack>
      </Group>
      <Progress
        value={percent}
        size="lg"
        radius="xl"
        color={state.phase === 'uploaded' ? 'teal' : 'indigo'}
        striped={state.phase !== 'uploaded'}
        animated={state.phase !== 'uploaded'}
        aria-label="Upload progress"
        data-testid="upload-progress"
      />
      {problem ? (
        <Text fz="sm" c="red.7" role="alert">
          {problem}
        </Text>
      ) : null}
      <Group gap="sm">
        <FileButton onChange={onFile} accept="application/pdf,.pdf" disabled={isDisabled}>
          {(props) => (
            <Button variant="light" size="sm" {...props}>
              Choose another file
            </Button>
          )}
        </FileButton>
        <Button variant="subtle" color="gray" size="sm" onClick={onRemove} disabled={isDisabled}>
          {state.phase === 'uploaded' ? 'Remove' : 'Cancel upload'}
        </Button>
      </Group>
    </Stack>
  );
}

/** Page 1 of the chosen file, drawn from the local file before the deck exists. */
function DeckPreview({ file }: { file: File }) {
  const { ref, width } = useElementSize<HTMLDivElement>();
  const thumbnailWidth = Math.min(Math.floor(width), 420);
  return (
    <Box ref={ref} w="100%" aria-label={`Preview of the first page of ${file.name}`} role="figure">
      {thumbnailWidth > 0 ? <PdfThumbnail fileUrl={file} width={thumbnailWidth} /> : null}
    </Box>
  );
}
