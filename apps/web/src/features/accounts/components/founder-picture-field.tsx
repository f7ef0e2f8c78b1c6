import { uploadKinds } from '@deckvalid/contract/uploads';
import { Avatar, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { formatMegabytes, progressPercent } from '@/shared/api/upload-file';
import { useSignedUpload } from '@/shared/hooks/use-signed-upload';
import { useFounderPictureUploadTicketMutation, useSetFounderPictureMutation } from '../accounts-api';

type FounderPictureFieldProps = {
  name: string;
  /** The current picture's signed address, or null. */
  pictureUrl: string | null;
};

/**
 * The founder's profile picture, uploaded the way decks are (spec §7): a ticket from
 * GET /api/users/profile/picture/upload, a PUT of the bytes to the signed URL, then
 * PUT /api/users/profile/picture with the key.
 */
export function FounderPictureField({ name, pictureUrl }: FounderPictureFieldProps) {
  const [requestTicket] = useFounderPictureUploadTicketMutation();
  const [setPicture, setting] = useSetFounderPictureMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const upload = useSignedUpload({
    kind: 'picture',
    requestTicket: async (fileType, fileSize) => {
      const result = await requestTicket({ fileType, fileSize });
      if ('error' in result) return { problem: describeApiError(result.error).message };
      return { ticket: result.data };
    },
  });

  // The chosen image shows at once; its object URL is released when replaced or on leave.
  useEffect(() => {
    if (!localPreview) return;
    return () => URL.revokeObjectURL(localPreview);
  }, [localPreview]);

  const handleFile = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    setLocalPreview(URL.createObjectURL(file));
    const key = await upload.start(file);
    if (!key) {
      setLocalPreview(null);
      return;
    }
    const result = await setPicture({ key });
    if ('error' in result) {
      setLocalPreview(null);
      setProblem(describeApiError(result.error).message);
      return;
    }
    upload.markUsed();
    upload.reset();
    notifications.show({ color: 'teal', message: 'Your profile picture is updated.' });
  };

  const isBusy = upload.state.phase === 'requesting' || upload.state.phase === 'uploading' || setting.isLoading;
  const shownProblem = upload.state.phase === 'failed' ? upload.state.problem : problem;

  return (
    <Group gap="md" align="flex-start" wrap="nowrap" data-testid="profile-picture">
      <Avatar
        src={localPreview ?? pictureUrl}
        name={name}
        color="initials"
        size={72}
        radius="xl"
        alt={`Profile picture of ${name}`}
      />
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs">
          <FileButton
            onChange={(file) => void handleFile(file)}
            accept={uploadKinds.picture.contentTypes.join(',')}
            disabled={isBusy}
            inputProps={{ 'aria-label': 'Profile picture file' }}
          >
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                loading={isBusy}
                leftSection={<IconPhotoUp size={16} aria-hidden />}
              >
                {pictureUrl ? 'Change picture' : 'Upload picture'}
              </Button>
            )}
          </FileButton>
        </Group>
        <Text fz="xs" c="dimmed">
          PNG, JPEG or WebP, up to {formatMegabytes(uploadKinds.picture.maxBytes)}.
        </Text>
        {upload.state.phase === 'uploading' || upload.state.phase === 'requesting' ? (
          <Progress
            value={progressPercent(upload.state.progress)}
            size="sm"
            radius="xl"
            aria-label="Picture upload progress"
            maw={240}
          />
        ) : null}
        {shownProblem ? (
          <Text fz="sm" c="red.7" role="alert">
            {shownProblem}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
