import { maxDeckPages, tooManyPagesMessage } from '@deckvalid/contract/uploads';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { checkUploadFile } from '@/shared/api/upload-file';
import { useSignedUpload } from '@/shared/hooks/use-signed-upload';
import { countPdfPages } from '@/shared/pdf/pdf-page-count';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { versionUploadToastId } from '../deck-versions';
import {
  useAddDeckVersionMutation,
  useDeckUploadTicketMutation,
  useDiscardDeckUploadMutation,
} from '../founder-pitchdecks-api';
import { DeckFileSection } from './founder-submit-deck-form';

type FounderUploadVersionProps = {
  deckId: string;
  /** The number the new version will get, for the dialog's words. */
  nextVersion: number;
};

/**
 * "Upload new version": a dialog with the submit form's drop zone (page-count check, progress,
 * preview of page 1). Submitting makes the file the deck's next version; the current one stays
 * live until the new one is ready, and stays if it fails.
 */
export function FounderUploadVersion({ deckId, nextVersion }: FounderUploadVersionProps) {
  const [isOpen, dialog] = useDisclosure(false);
  return (
    <>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconUpload size={16} aria-hidden />}
        onClick={dialog.open}
        data-testid="upload-version"
      >
        Upload new version
      </Button>
      <Modal opened={isOpen} onClose={dialog.close} title={`Upload version ${nextVersion}`} centered size="lg">
        {/* Inside the dialog, so closing it unmounts the upload and discards a file left unused. */}
        <UploadVersionForm deckId={deckId} onDone={dialog.close} onCancel={dialog.close} />
      </Modal>
    </>
  );
}

function UploadVersionForm({ deckId, onDone, onCancel }: { deckId: string; onDone: () => void; onCancel: () => void }) {
  const [requestTicket] = useDeckUploadTicketMutation();
  const [discardUpload] = useDiscardDeckUploadMutation();
  const [addVersion, { isLoading: isSubmitting }] = useAddDeckVersionMutation();
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isCheckingFile, setIsCheckingFile] = useState(false);

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
  const isUploadBusy = upload.state.phase === 'requesting' || upload.state.phase === 'uploading';

  // As on the submit form: too many pages is known from the file itself, before a byte is sent.
  const handleFile = async (file: File | null | undefined) => {
    if (!file) return;
    setFileProblem(null);
    setProblem(null);
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

  const handleSubmit = async () => {
    setProblem(null);
    const key = upload.state.phase === 'uploaded' ? upload.state.key : null;
    if (!key) {
      setFileProblem(isUploadBusy ? 'Wait for the upload to finish.' : 'Upload the new version as a PDF first.');
      return;
    }
    const result = await addVersion({ deckId, key });
    if ('error' in result) {
      setProblem(describeApiError(result.error).message);
      return;
    }
    upload.markUsed();
    notifications.show({
      id: versionUploadToastId(deckId, result.data.latestVersion.number),
      color: 'teal',
      title: `Version ${result.data.latestVersion.number} uploaded`,
      message:
        result.data.liveVersion === null
          ? "We're reading its pages; investors see it once it's ready."
          : `We're reading its pages. Investors keep seeing version ${result.data.liveVersion} until it's ready.`,
    });
    onDone();
  };

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        Investors keep seeing the current version while the new one is processed, and if it can't be read. Interests
        stay with the deck; reading analytics start afresh for the new version.
      </Text>
      <FormErrorAlert message={problem} title="We couldn't add this version" />
      <DeckFileSection
        state={upload.state}
        isDisabled={isSubmitting}
        isChecking={isCheckingFile}
        problem={fileProblem}
        onFile={(file) => void handleFile(file)}
        onRemove={() => {
          setFileProblem(null);
          upload.reset();
        }}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          onClick={() => void handleSubmit()}
          loading={isSubmitting}
          disabled={isUploadBusy || isCheckingFile}
          leftSection={<IconUpload size={16} aria-hidden />}
          data-testid="submit-version"
        >
          Submit version
        </Button>
      </Group>
    </Stack>
  );
}
