import type { ChatParticipant, ChatRoom } from '@deckvalid/contract/chat';
import { ActionIcon, Alert, Button, Group, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconBellOff, IconDoorExit, IconDots, IconUserMinus } from '@tabler/icons-react';
import { describeApiError } from '@/shared/api/api-error';
import { useLeaveChatRoomMutation, useMuteChatRoomMutation, useRemoveChatMemberMutation } from '../chat-api';

/** A step that cannot be undone, waiting for the person to confirm it. */
export type PendingRoomAction = { kind: 'leave' } | { kind: 'remove'; member: ChatParticipant };

/** A refused call says the server's sentence, as every chat refusal does. */
function showRefusal(title: string, error: unknown) {
  notifications.show({ color: 'red', title, message: describeApiError(error).message });
}

/**
 * The conversation's options (docs/chat.md, Membership): mute or unmute, leave a group, and for a
 * group's creator, remove a member. Nothing for a room the person already left. Leaving and
 * removing ask first (`onAsk`); muting is undone with one click, so it acts at once.
 */
export function ChatRoomMenu({
  room,
  myId,
  onAsk,
}: {
  room: ChatRoom;
  myId: string;
  onAsk: (action: PendingRoomAction) => void;
}) {
  const [mute, muting] = useMuteChatRoomMutation();
  if (room.leftAt !== null) return null;
  const isGroup = room.type === 'group';
  const removable = isGroup && room.createdBy === myId ? room.participants.filter((p) => p.id !== myId) : [];

  const handleMute = async () => {
    const result = await mute({ roomId: room.id, muted: !room.muted });
    if ('error' in result) showRefusal("We couldn't change the notifications", result.error);
  };

  return (
    // Inside the panel, not in a portal: on a phone the panel traps focus.
    <Menu position="bottom-end" width={240} shadow="md" withinPortal={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Options for ${room.name}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={room.muted ? <IconBell size={16} aria-hidden /> : <IconBellOff size={16} aria-hidden />}
          onClick={() => void handleMute()}
          disabled={muting.isLoading}
        >
          {room.muted ? 'Unmute conversation' : 'Mute conversation'}
        </Menu.Item>
        {removable.length > 0 ? (
          <>
            <Menu.Divider />
            <Menu.Label>Remove from the group</Menu.Label>
            {removable.map((member) => (
              <Menu.Item
                key={member.id}
                color="red"
                leftSection={<IconUserMinus size={16} aria-hidden />}
                onClick={() => onAsk({ kind: 'remove', member })}
              >
                Remove {member.name}
              </Menu.Item>
            ))}
          </>
        ) : null}
        {isGroup ? (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconDoorExit size={16} aria-hidden />}
              onClick={() => onAsk({ kind: 'leave' })}
            >
              Leave group
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Asks before leaving a group or removing a member, inside the conversation (a modal would sit
 * outside the widget's focus trap on a phone), and says what stays readable.
 */
export function ChatRoomConfirm({
  room,
  action,
  onDone,
}: {
  room: ChatRoom;
  action: PendingRoomAction;
  onDone: () => void;
}) {
  const [leave, leaving] = useLeaveChatRoomMutation();
  const [remove, removing] = useRemoveChatMemberMutation();
  const isLeave = action.kind === 'leave';

  const handleConfirm = async () => {
    const result = isLeave ? await leave(room.id) : await remove({ roomId: room.id, accountId: action.member.id });
    if ('error' in result)
      showRefusal(isLeave ? "We couldn't leave the group" : "We couldn't remove them", result.error);
    onDone();
  };

  return (
    <Alert
      color="red"
      variant="light"
      radius={0}
      role="alertdialog"
      aria-label={isLeave ? 'Leave group' : 'Remove member'}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fz="sm" style={{ flex: 1, minWidth: 180 }}>
          {isLeave
            ? `Leave ${room.name}? You will not receive its messages any more; what was said until now stays readable.`
            : `Remove ${action.member.name} from ${room.name}? They will not receive its messages any more.`}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={onDone} data-autofocus>
            Cancel
          </Button>
          <Button
            size="xs"
            color="red"
            onClick={() => void handleConfirm()}
            loading={leaving.isLoading || removing.isLoading}
          >
            {isLeave ? 'Leave' : 'Remove'}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
