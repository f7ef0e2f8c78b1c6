import { type ChatParticipant, type ChatRoom, chatLimits } from '@deckvalid/contract/chat';
import { ActionIcon, Alert, Box, Button, Checkbox, Group, Menu, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBell,
  IconBellOff,
  IconDoorExit,
  IconDots,
  IconPencil,
  IconUserMinus,
  IconUserPlus,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import {
  useAddChatMembersMutation,
  useChatContactsQuery,
  useLeaveChatRoomMutation,
  useMuteChatRoomMutation,
  useRemoveChatMemberMutation,
  useRenameChatRoomMutation,
} from '../chat-api';

/**
 * A step waiting for the person: leaving and removing ask to confirm (they cannot be undone);
 * renaming and adding people ask for the name or the people.
 */
export type PendingRoomAction =
  | { kind: 'leave' }
  | { kind: 'remove'; member: ChatParticipant }
  | { kind: 'rename' }
  | { kind: 'add' };

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
  const isCreator = isGroup && room.createdBy === myId;
  const removable = isCreator ? room.participants.filter((p) => p.id !== myId) : [];

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
        {isCreator ? (
          <>
            <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onAsk({ kind: 'rename' })}>
              Rename group
            </Menu.Item>
            <Menu.Item leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => onAsk({ kind: 'add' })}>
              Add people
            </Menu.Item>
          </>
        ) : null}
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
  action: Extract<PendingRoomAction, { kind: 'leave' | 'remove' }>;
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

/** The group's new name, asked inside the conversation; Esc or Cancel keeps the old one. */
export function ChatRoomRename({ room, onDone }: { room: ChatRoom; onDone: () => void }) {
  const [name, setName] = useState(room.name);
  const [problem, setProblem] = useState<string | null>(null);
  const [rename, renaming] = useRenameChatRoomMutation();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setProblem('Name the group.');
    const result = await rename({ roomId: room.id, name: name.trim() });
    if ('error' in result) setProblem(describeApiError(result.error).message);
    else onDone();
  };

  return (
    <Paper radius={0} p="sm" bg="gray.0" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Box component="form" onSubmit={(event) => void handleSubmit(event)} aria-label="Rename group">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label="Group name"
            value={name}
            maxLength={chatLimits.roomNameLength}
            onChange={(event) => setName(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                onDone();
              }
            }}
            error={problem}
            data-autofocus
            autoFocus
            style={{ flex: 1, minWidth: 160 }}
          />
          <Group gap="xs" wrap="nowrap">
            <Button size="sm" variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button size="sm" type="submit" loading={renaming.isLoading}>
              Save
            </Button>
          </Group>
        </Group>
      </Box>
    </Paper>
  );
}

/** People the group's creator may add: those tied to them who are not in the group now. */
export function ChatRoomAddPeople({ room, onDone }: { room: ChatRoom; onDone: () => void }) {
  const contacts = useChatContactsQuery();
  const [memberIds, setMemberIds] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [add, adding] = useAddChatMembersMutation();
  const candidates = (contacts.data ?? []).filter(
    (contact) => !room.participants.some((participant) => participant.id === contact.id),
  );

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (memberIds.length === 0) return setProblem('Choose at least one person.');
    const result = await add({ roomId: room.id, participantIds: memberIds });
    if ('error' in result) setProblem(describeApiError(result.error).message);
    else onDone();
  };

  return (
    <Paper radius={0} p="sm" bg="gray.0" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Box component="form" onSubmit={(event) => void handleSubmit(event)} aria-label="Add people">
        <Stack gap="xs">
          {contacts.isLoading ? (
            <Text fz="sm" c="dimmed" role="status">
              Loading people…
            </Text>
          ) : candidates.length === 0 ? (
            <Text fz="sm" c="dimmed">
              Everyone you are tied to is already in this group.
            </Text>
          ) : (
            <Checkbox.Group
              label="Add people"
              description="They can read the whole conversation."
              value={memberIds}
              onChange={setMemberIds}
            >
              <Stack gap={6} mt={6} mah={160} style={{ overflowY: 'auto' }}>
                {candidates.map((contact) => (
                  <Checkbox key={contact.id} value={contact.id} label={contact.name} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          {problem ? (
            <Text fz="sm" c="red.8" role="alert">
              {problem}
            </Text>
          ) : null}
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={onDone} data-autofocus>
              Cancel
            </Button>
            {candidates.length > 0 ? (
              <Button size="xs" type="submit" loading={adding.isLoading}>
                Add
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Box>
    </Paper>
  );
}
