import type { AccountRole } from '@deckvalid/contract/auth';
import { type NotificationKind, notificationKindsByRole, notificationLabels } from '@deckvalid/contract/notifications';
import { Button, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { type ChangeEvent, useId, useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { useNotificationSettingsQuery, useUpdateNotificationSettingsMutation } from '../notifications-api';

/** What each mail holds, under its switch. The switch's label is the contract's, as the mails quote it. */
const descriptions: Record<NotificationKind, string> = {
  interestShown: "The investor's name, firm and note, with a link to the deck.",
  interestDecided: 'Which deck, which company and their answer, with a link to the deck.',
  deliverableDecisions: 'Which deliverable, who decided and their comment, with a link to the task.',
  approvalDecisions: 'Which task, who approved or asked for changes and why, with a link to the task.',
  meetInvitations: 'When and where, the agenda and who changed it, with the calendar file attached.',
  taskDueReminders: 'The task, its milestone and its due day, with a link to the task; once per reminder.',
  chatDigest: 'How many messages wait for you, never their text; one mail an hour at most.',
  chatMentions: 'Who mentioned you and in which conversation, never the message; sent even for a muted one.',
  thesisMatches: 'Each Monday, the decks that went live last week and meet your whole thesis, with why they fit.',
  deckFeedback: 'Which deck and page, who wrote, and a link to the deck; for a new version, which deck it is.',
};

/** What the role's mails are about, above the switches. */
const introByRole: Record<AccountRole, string> = {
  user: 'Mails about what others do with your decks.',
  investor: 'Mails about what others do with your interests, and new decks that match your thesis.',
  mentor: 'Mails about the decks you comment on and the conversations you are part of.',
};

/**
 * "Email notifications" in the account settings: one switch per mail the role can get, each
 * saved on its own as soon as it is flipped. Mails about the account itself (codes, password
 * changes) are not listed: they always go out.
 */
export function NotificationSettingsSection({ accountRole: role }: { accountRole: AccountRole }) {
  const headingId = useId();
  const settings = useNotificationSettingsQuery(role);

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="notification-settings">
      <div>
        <Title order={3} fz="md" id={headingId}>
          Email notifications
        </Title>
        <Text fz="sm" c="dimmed">
          {introByRole[role]} Sign-in codes and password mails always go out.
        </Text>
      </div>
      {settings.isLoading ? (
        <Group gap="xs" py="xs">
          <Loader size="sm" aria-label="Loading your notification settings" />
        </Group>
      ) : settings.data ? (
        notificationKindsByRole[role].map((kind) => (
          <NotificationSwitch key={kind} role={role} kind={kind} isOn={settings.data?.[kind] ?? true} />
        ))
      ) : (
        <Stack gap="xs">
          <FormErrorAlert
            title="We couldn't load your notification settings"
            message={describeApiError(settings.error).message}
          />
          <Group>
            <Button variant="light" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

type SaveState = { kind: 'idle' } | { kind: 'saved'; isOn: boolean } | { kind: 'failed'; message: string };

function NotificationSwitch({ role, kind, isOn }: { role: AccountRole; kind: NotificationKind; isOn: boolean }) {
  const [update, { isLoading: isSaving }] = useUpdateNotificationSettingsMutation();
  // Shown from the click until the mutation has started, so the switch moves under the finger;
  // from then on the cache holds the change (optimistically, then the server's answer, or the
  // old value back after a failure), so nothing flips back in between.
  const [pending, setPending] = useState<boolean | null>(null);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const descriptionId = useId();
  const statusId = useId();

  const handleChange = async (event: ChangeEvent<HTMLInputElement>) => {
    // One save at a time per switch: answers arriving out of order cannot undo the last flip.
    // (Not `disabled`: that would drop keyboard focus off the switch mid-save.)
    if (isSaving) return;
    const next = event.currentTarget.checked;
    setPending(next);
    setState({ kind: 'idle' });
    const result = await update({ role, changes: { [kind]: next } });
    setPending(null);
    setState(
      'data' in result && result.data
        ? { kind: 'saved', isOn: result.data[kind] ?? next }
        : { kind: 'failed', message: describeApiError(result.error).message },
    );
  };

  return (
    <Stack gap={6}>
      {/* The description sits outside the switch's label, so the switch is named by its label alone. */}
      <Switch
        checked={pending ?? isOn}
        onChange={handleChange}
        label={notificationLabels[kind]}
        aria-describedby={`${descriptionId} ${statusId}`}
        aria-busy={isSaving}
        size="md"
      />
      <Text id={descriptionId} fz="sm" c="dimmed" pl={58} mt={-4}>
        {descriptions[kind]}
      </Text>
      <Text id={statusId} fz="xs" c={state.kind === 'saved' ? 'teal.8' : 'dimmed'} aria-live="polite" mih={18} pl={58}>
        {isSaving ? (
          'Saving…'
        ) : state.kind === 'saved' ? (
          <Group component="span" gap={4} display="inline-flex" align="center">
            <IconCheck size={14} aria-hidden />
            {state.isOn ? 'Saved: we will mail you.' : 'Saved: no more of these mails.'}
          </Group>
        ) : null}
      </Text>
      {state.kind === 'failed' ? (
        <FormErrorAlert title="We couldn't save this setting" message={state.message} />
      ) : null}
    </Stack>
  );
}
