import type { ChatRoom } from '@deckvalid/contract/chat';
import { Box, Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { describeApiError } from '@/shared/api/api-error';
import { useOpenCopilotRoomMutation } from '../copilot-api';

/**
 * Spec §2: while an investor has no copilot room, the room list offers one. The click opens the
 * investor's bot room (made on the first call, found after), which the widget lists and opens.
 */
export function CopilotStartCard({ onOpened }: { onOpened: (room: ChatRoom) => void }) {
  const [openRoom, { isLoading, error }] = useOpenCopilotRoomMutation();

  const handleOpen = async () => {
    const answer = await openRoom()
      .unwrap()
      .catch(() => null);
    if (answer) onOpened(answer.room);
  };

  return (
    <Box px={4} pb={6} w="100%">
      <UnstyledButton
        onClick={() => void handleOpen()}
        disabled={isLoading}
        aria-busy={isLoading}
        w="100%"
        p="sm"
        data-testid="copilot-start-card"
        style={{
          borderRadius: 10,
          border: '1px solid var(--mantine-color-violet-2)',
          background: 'var(--mantine-color-violet-0)',
        }}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="filled" color="violet.7" radius="xl" size={32} aria-hidden>
            <IconSparkles size={18} />
          </ThemeIcon>
          <Box style={{ minWidth: 0 }}>
            <Text fz="sm" fw={700} c="violet.9">
              Start AI Copilot chat
            </Text>
            <Text fz="xs" c="dark.6">
              Compare decks, ask for summaries, and manage interests.
            </Text>
          </Box>
        </Group>
      </UnstyledButton>
      {error ? (
        <Text fz="xs" c="red.8" pt={4} role="alert">
          {describeApiError(error).message}
        </Text>
      ) : null}
    </Box>
  );
}
