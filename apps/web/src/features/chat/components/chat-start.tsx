import { type ChatContact, chatLimits } from '@deckvalid/contract/chat';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Checkbox,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowLeft, IconUsersGroup } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { useOpenPrivateChatRoomMutation } from '@/shared/api/chat-open-api';
import { useChatContactsQuery, useCreateGroupChatRoomMutation } from '../chat-api';

type ChatStartProps = {
  /** Back to the room list, nothing started. */
  onCancel: () => void;
  /** A conversation is open (found or made): show it. */
  onOpened: (roomId: string) => void;
};

const roleLabel = (contact: ChatContact) => (contact.userType === 'Investor' ? 'Investor' : 'Founder');

function ContactRow({ contact, onOpen, isBusy }: { contact: ChatContact; onOpen: () => void; isBusy: boolean }) {
  return (
    <UnstyledButton
      onClick={onOpen}
      disabled={isBusy}
      px="sm"
      py={8}
      w="100%"
      style={{ borderRadius: 8 }}
      data-testid="chat-contact"
      aria-label={`Message ${contact.name}, ${roleLabel(contact)}`}
    >
      <Group gap="sm" wrap="nowrap">
        <Avatar src={contact.avatarUrl} name={contact.name} color="initials" radius="xl" size={36} aria-hidden />
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Text fz="sm" fw={600} truncate="end">
            {contact.name}
          </Text>
          <Text fz="xs" c="dimmed">
            {roleLabel(contact)}
            {contact.privateRoomId ? ' · open conversation' : ''}
          </Text>
        </Box>
        {isBusy ? <Loader size="xs" aria-label="Opening" /> : null}
      </Group>
    </UnstyledButton>
  );
}

/** The group form: a name and the people to add, all from the caller's ties. */
function NewGroupForm({
  contacts,
  onCancel,
  onOpened,
}: {
  contacts: ChatContact[];
  onCancel: () => void;
  onOpened: (roomId: string) => void;
}) {
  const [name, setName] = useState('');
  const [memberIds, setMemberIds] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [createGroup, creating] = useCreateGroupChatRoomMutation();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setProblem('Name the group.');
    if (memberIds.length === 0) return setProblem('Choose at least one person.');
    setProblem(null);
    const result = await createGroup({ name: name.trim(), participantIds: memberIds });
    if ('error' in result) setProblem(describeApiError(result.error).message);
    else onOpened(result.data.room.id);
  };

  return (
    <Box component="form" onSubmit={(event) => void handleSubmit(event)} p="sm" aria-label="New group">
      <Stack gap="sm">
        <TextInput
          label="Group name"
          placeholder="e.g. Seed round"
          value={name}
          maxLength={chatLimits.roomNameLength}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
          autoFocus
        />
        <Checkbox.Group
          label="People"
          description="Everyone you add can read the whole conversation."
          value={memberIds}
          onChange={setMemberIds}
        >
          <Stack gap={6} mt={6}>
            {contacts.map((contact) => (
              <Checkbox key={contact.id} value={contact.id} label={`${contact.name} · ${roleLabel(contact)}`} />
            ))}
          </Stack>
        </Checkbox.Group>
        {problem ? (
          <Text fz="sm" c="red.8" role="alert">
            {problem}
          </Text>
        ) : null}
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="xs" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" size="xs" loading={creating.isLoading}>
            Create group
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

/**
 * "New" in the room list (issue 18): the people an interest ties the caller to, each opening the
 * private room (found or made), and a group made from them. Shown in the list's place, so it
 * stays inside the panel's focus trap on a phone.
 */
export function ChatStart({ onCancel, onOpened }: ChatStartProps) {
  const contacts = useChatContactsQuery();
  const [openPrivate] = useOpenPrivateChatRoomMutation();
  const [openingId, setOpeningId] = useState<string | null>(null);
  const [isGroupForm, setIsGroupForm] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const people = contacts.data ?? [];
  // The "+" that opened this view is gone: focus comes here, so keyboard use carries on.
  const backRef = useRef<HTMLButtonElement>(null);
  useEffect(() => backRef.current?.focus(), []);

  const handleOpen = async (contact: ChatContact) => {
    if (contact.privateRoomId) return onOpened(contact.privateRoomId);
    setOpeningId(contact.id);
    setProblem(null);
    const result = await openPrivate({ participantId: contact.id });
    setOpeningId(null);
    if ('error' in result) setProblem(describeApiError(result.error).message);
    else onOpened(result.data.room.id);
  };

  let body: ReactNode;
  if (contacts.isLoading) {
    body = (
      <Text fz="sm" c="dimmed" p="sm" role="status">
        Loading people…
      </Text>
    );
  } else if (contacts.isError) {
    body = (
      <Stack gap="xs" p="sm" align="flex-start" role="alert">
        <Text fz="sm">{describeApiError(contacts.error).message}</Text>
        <Button size="xs" variant="light" onClick={() => void contacts.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  } else if (people.length === 0) {
    body = (
      <Text fz="sm" c="dimmed" p="sm" data-testid="chat-contacts-empty">
        Nobody to message yet. You can talk with the founders and investors an interest ties you to.
      </Text>
    );
  } else if (isGroupForm) {
    body = <NewGroupForm contacts={people} onCancel={() => setIsGroupForm(false)} onOpened={onOpened} />;
  } else {
    body = (
      <Stack gap={2} px={6}>
        <Button
          variant="light"
          size="xs"
          mx={6}
          my={6}
          leftSection={<IconUsersGroup size={16} aria-hidden />}
          onClick={() => setIsGroupForm(true)}
        >
          New group
        </Button>
        {problem ? (
          <Alert color="red" variant="light" role="alert" py={6}>
            <Text fz="sm">{problem}</Text>
          </Alert>
        ) : null}
        <Text fz="xs" fw={600} c="dimmed" px="sm" pt={4} id="chat-contacts-heading">
          Message someone
        </Text>
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby="chat-contacts-heading">
          {people.map((contact) => (
            <li key={contact.id}>
              <ContactRow contact={contact} isBusy={openingId === contact.id} onOpen={() => void handleOpen(contact)} />
            </li>
          ))}
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack gap={0} h="100%" style={{ minWidth: 0 }} data-testid="chat-start">
      <Group gap="xs" px="sm" py={8} wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Button
          ref={backRef}
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={isGroupForm ? () => setIsGroupForm(false) : onCancel}
        >
          Back
        </Button>
        <Title order={3} fz="sm">
          {isGroupForm ? 'New group' : 'New conversation'}
        </Title>
      </Group>
      <Box pb="sm" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {body}
      </Box>
    </Stack>
  );
}
