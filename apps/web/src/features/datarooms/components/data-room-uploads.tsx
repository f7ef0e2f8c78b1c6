import { type DataRoomItem, dataRoomLimits } from '@deckvalid/contract/datarooms';
import { ActionIcon, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { contentTypeOf, formatFileSize, formatMegabytes, progressPercent } from '@/shared/api/upload-file';
import { useSignedUpload } from '@/shared/hooks/use-signed-upload';
import { useAddDataRoomFileMutation, useDataRoomUploadTicketMutation } from '../datarooms-api';

/** One file the founder dropped: where it goes, and a key that outlives a re-render. */
export type QueuedUpload = { id: string; file: File; parentId: string | null };

/** What the file picker offers: the contract's document types, and their extensions for a browser that gives no type. */
export const roomFileAccept: Record<string, string[]> = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.ms-excel': ['.xls', '.csv'],
  'text/csv': ['.csv'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};

/**
 * Why a file cannot go into a room, or null when it may: the contract's `document` kind (PDFs,
 * spreadsheets, documents, presentations, images) up to `dataRoomLimits.fileBytes`, refused here
 * before a byte moves. The server checks the bytes themselves again.
 */
export function checkRoomFile(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (contentTypeOf(file, 'document') === null) {
    return `“${file.name}” is not a type a data room takes: PDFs, spreadsheets (XLSX, XLS, CSV), documents (DOCX, DOC), presentations (PPTX) and PNG or JPEG images.`;
  }
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > dataRoomLimits.fileBytes) {
    return `“${file.name}” is ${formatMegabytes(file.size)}; a data room file can be at most ${formatMegabytes(dataRoomLimits.fileBytes)}.`;
  }
  return null;
}

type UploadRowProps = {
  roomId: string;
  upload: QueuedUpload;
  onAdded: (upload: QueuedUpload, item: DataRoomItem) => void;
  onDismiss: (upload: QueuedUpload) => void;
};

/** One file on its way into the room: its bytes with progress, then the item that holds them. */
export function UploadRow({ roomId, upload, onAdded, onDismiss }: UploadRowProps) {
  const [requestTicket] = useDataRoomUploadTicketMutation();
  const [addFile] = useAddDataRoomFileMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const signed = useSignedUpload({
    kind: 'document',
    requestTicket: async (fileType, fileSize) => {
      const result = await requestTicket({ fileType, fileSize });
      if ('error' in result) return { problem: describeApiError(result.error).message };
      return { ticket: result.data };
    },
  });
  const latest = useRef({ signed, addFile, onAdded, upload, roomId });
  latest.current = { signed, addFile, onAdded, upload, roomId };

  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      const { signed: current, upload: queued } = latest.current;
      const key = await current.start(queued.file);
      // null: refused (the row says why) or superseded by a remount, which starts again.
      if (!key || !isCurrent) return;
      const name = queued.file.name.slice(0, dataRoomLimits.nameLength);
      const result = await latest.current.addFile({
        roomId: latest.current.roomId,
        body: { key, name, parentId: queued.parentId },
      });
      if ('error' in result) {
        setProblem(describeApiError(result.error).message);
        return;
      }
      latest.current.signed.markUsed();
      latest.current.onAdded(queued, result.data);
    })();
    return () => {
      isCurrent = false;
    };
  }, []);

  const { state } = signed;
  const shownProblem = problem ?? state.problem;
  const percent = progressPercent(state.progress);
  const label = `Uploading ${upload.file.name}`;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="data-room-upload">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {upload.file.name}{' '}
            <Text span c="dimmed" fz="sm">
              {formatFileSize(upload.file.size)}
            </Text>
          </Text>
          {shownProblem ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Dismiss ${upload.file.name}`}
              onClick={() => onDismiss(upload)}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          ) : state.phase === 'uploaded' ? (
            <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-label="Uploaded" />
          ) : null}
        </Group>
        {shownProblem ? (
          <Text fz="sm" c="red.7" role="alert">
            {shownProblem}
          </Text>
        ) : (
          <Progress value={state.phase === 'uploaded' ? 100 : percent} aria-label={label} size="sm" animated />
        )}
      </Stack>
    </Paper>
  );
}
