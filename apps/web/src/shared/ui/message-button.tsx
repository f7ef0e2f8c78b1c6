import { Button, type ButtonProps } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useOpenChat } from '@/shared/hooks/use-open-chat';

type MessageButtonProps = {
  /** The account to talk to. */
  participantId: string;
  /** Their name, for the accessible name: "Message Ravi Rao". */
  participantName: string;
  /** The visible text; "Message" where the row already names the person. */
  label?: string;
} & Pick<ButtonProps, 'size' | 'variant'>;

/** "Message": opens the private conversation with one person in the chat widget. */
export function MessageButton({
  participantId,
  participantName,
  label = 'Message',
  size = 'sm',
  variant = 'light',
}: MessageButtonProps) {
  const { openChat, isOpening } = useOpenChat();
  return (
    <Button
      size={size}
      variant={variant}
      leftSection={<IconMessageCircle size={16} aria-hidden />}
      loading={isOpening}
      onClick={() => void openChat(participantId)}
      // The row around a bare "Message" names the person; the accessible name must too.
      aria-label={label === 'Message' ? `Message ${participantName}` : undefined}
      data-testid="message-button"
    >
      {label}
    </Button>
  );
}
