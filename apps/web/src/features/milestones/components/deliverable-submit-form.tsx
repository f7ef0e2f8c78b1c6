import { type Deliverable, milestoneLimits, webUrlSchema } from '@deckvalid/contract/milestones';
import { uploadKinds } from '@deckvalid/contract/uploads';
import { Button, Group, Progress, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { Dropzone, type FileRejection, type FileWithPath } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { formatFileSize } from '@/shared/api/upload-file';
import { useSignedUpload } from '@/shared/hooks/use-signed-upload';
import { useSubmitDeliverableMutation } from '../tasks-api';
import { useAttachmentUploadTicketMutation } from '../threads-api';

type SubmitMode = 'link' | 'file';

/** The types a deliverable's file may be: the thread attachments' (the same signed upload). */
const fileAccept = [...uploadKinds.attachment.contentTypes];

/**
 * The founder hands a deliverable over (issue 18): a link, or a file through the same signed
 * upload as thread attachments. The file uploads as soon as it is dropped or chosen, then
 * "Submit file" names its key; a replaced or abandoned upload is left to the server's sweep.
 */
export function DeliverableSubmitForm({ milestoneId, deliverable }: { milestoneId: string; deliverable: Deliverable }) {
  const [mode, setMode] = useState<SubmitMode>(deliverable.file ? 'file' : 'link');
  const [submitDeliverable, submission] = useSubmitDeliverableMutation();
  const [requestTicket] = useAttachmentUploadTicketMutation();
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const upload = useSignedUpload({
    kind: 'attachment',
    requestTicket: async (fileType, fileSize) => {
      const result = await requestTicket({ role: 'founder', fileType, fileSize });
      if ('error' in result) return { problem: describeApiError(result.error).message };
      return { ticket: result.data };
    },
  });
  const isUploading = upload.state.phase === 'requesting' || upload.state.phase === 'uploading';
  const again = deliverable.status === 'changes_requested';

  const submitted = (what: string) => {
    setProblem(null);
    notifications.show({ color: 'teal', message: `“${deliverable.title}” submitted for review (${what}).` });
  };

  const handleSubmitLink = async (event: FormEvent) => {
    event.preventDefault();
    // The contract's own rule: only http and https, so no javascript: link reaches an investor.
    const parsed = webUrlSchema.safeParse(url);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Give an http or https link.');
      return;
    }
    const result = await submitDeliverable({ milestoneId, deliverableId: deliverable.id, body: { url: parsed.data } });
    if ('error' in result) {
      const apiProblem = describeApiError(result.error);
      setProblem(apiProblem.fieldErrors.url ?? apiProblem.message);
      return;
    }
    setUrl('');
    submitted('a link');
  };

  const handleFile = async (file: File | undefined) => {
    setProblem(null);
    if (file) await upload.start(file);
  };

  const handleSubmitFile = async (event: FormEvent) => {
    event.preventDefault();
    const { key, file } = upload.state;
    if (!key || !file) {
      setProblem('Drop a file here, or click to choose one, first.');
      return;
    }
    const name = file.name.slice(0, milestoneLimits.attachmentNameLength);
    const result = await submitDeliverable({
      milestoneId,
      deliverableId: deliverable.id,
      body: { file: { key, name } },
    });
    if ('error' in result) {
      const apiProblem = describeApiError(result.error);
      setProblem(apiProblem.fieldErrors['file.key'] ?? apiProblem.message);
      return;
    }
    upload.markUsed();
    upload.reset();
    submitted(name);
  };

  const uploadProblem = upload.state.phase === 'failed' ? upload.state.problem : null;
  const shownProblem = problem ?? uploadProblem;
  const progress = upload.state.progress;

  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        value={mode}
        onChange={(value) => {
          setMode(value as SubmitMode);
          setProblem(null);
        }}
        data={[
          { value: 'link', label: 'Link' },
          { value: 'file', label: 'File' },
        ]}
        aria-label={`Submit ${deliverable.title} as`}
        style={{ alignSelf: 'flex-start' }}
      />
      {mode === 'link' ? (
        <form onSubmit={handleSubmitLink} noValidate aria-label={`Submit a link for ${deliverable.title}`}>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label="Link"
              placeholder="https://…"
              type="url"
              inputMode="url"
              size="xs"
              value={url}
              onChange={(event) => {
                setUrl(event.currentTarget.value);
                if (problem) setProblem(null);
              }}
              error={shownProblem}
              maxLength={milestoneLimits.urlLength}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button type="submit" size="xs" variant="light" loading={submission.isLoading}>
              {again ? 'Submit again' : 'Submit link'}
            </Button>
          </Group>
        </form>
      ) : (
        <form onSubmit={handleSubmitFile} noValidate aria-label={`Submit a file for ${deliverable.title}`}>
          <Stack gap="xs">
            <Dropzone
              onDrop={(files: FileWithPath[]) => void handleFile(files[0])}
              // Our own check words the refusal (type or size), so rejected files go the same way.
              onReject={(rejections: FileRejection[]) => void handleFile(rejections[0]?.file)}
              accept={fileAccept}
              multiple={false}
              loading={isUploading}
              radius="md"
              p="sm"
              data-testid="deliverable-dropzone"
              role="button"
              aria-describedby={shownProblem ? problemId : undefined}
              inputProps={{ 'aria-label': 'Deliverable file', style: { display: 'none' } }}
            >
              <Group gap="sm" wrap="nowrap" justify="center" mih={64} style={{ pointerEvents: 'none' }}>
                <Dropzone.Accept>
                  <IconUpload size={28} stroke={1.5} color="var(--mantine-color-indigo-6)" aria-hidden />
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <IconX size={28} stroke={1.5} color="var(--mantine-color-red-6)" aria-hidden />
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <IconFileUpload size={28} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
                </Dropzone.Idle>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {upload.state.file && upload.state.phase !== 'failed'
                      ? `${upload.state.file.name} (${formatFileSize(upload.state.file.size)})`
                      : 'Drop a file here, or click to choose'}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    PDF, PNG, JPEG or WebP, up to {formatFileSize(uploadKinds.attachment.maxBytes)}.
                  </Text>
                </Stack>
              </Group>
            </Dropzone>
            {upload.state.phase === 'uploading' && progress && progress.total > 0 ? (
              <Progress
                value={(progress.loaded / progress.total) * 100}
                size="sm"
                aria-label={`Uploading ${upload.state.file?.name ?? 'the file'}`}
              />
            ) : null}
            {shownProblem ? (
              <Text fz="sm" c="red.7" role="alert" id={problemId}>
                {shownProblem}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button
                type="submit"
                size="xs"
                variant="light"
                disabled={upload.state.phase !== 'uploaded'}
                loading={submission.isLoading}
              >
                {again ? 'Submit file again' : 'Submit file'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
