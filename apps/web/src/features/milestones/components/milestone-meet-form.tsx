import { type Meet, type MilestoneMember, meetBodySchema, milestoneLimits } from '@deckvalid/contract/milestones';
import {
  Avatar,
  Button,
  Group,
  Loader,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import type { MeetRole } from '@/features/milestones/milestone-api-shared';
import { describeApiError } from '@/shared/api/api-error';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid, showProblemOnForm } from '@/shared/lib/form-problems';
import { browserTimeZone } from '@/shared/lib/time-zone';
import { zodResolver } from '@/shared/lib/zod-resolver';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { isoToZonedInput, timeZoneChoices, zonedInputToIso } from '../milestone-format';
import {
  useCreateMilestoneMeetMutation,
  useMilestoneMembersQuery,
  useUpdateMilestoneMeetMutation,
} from '../milestones-api';

/** What the meet form holds; `startsAt` is a datetime-local value meant on `timeZone`'s clock. */
export type MeetFormValues = {
  title: string;
  agenda: string;
  startsAt: string;
  durationMinutes: number | string;
  timeZone: string;
  videoUrl: string;
  /** Who is invited: members of the milestone (each is mailed the invitation with the .ics). */
  attendeeIds: string[];
};

export const meetFieldOrder = [
  'title',
  'agenda',
  'startsAt',
  'durationMinutes',
  'timeZone',
  'videoUrl',
  'attendeeIds',
] as const;

/** Tomorrow at 10:00 on the reader's clock: a plausible first guess, changed in one step. */
function defaultStart(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 10, 0);
  return `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T10:00`;
}

/** A new meet invites the founder (who organises every meet of their milestone); an edit, whoever it invites. */
function valuesOf(meet: Meet | null, founderId: string | null): MeetFormValues {
  if (!meet) {
    return {
      title: '',
      agenda: '',
      startsAt: defaultStart(),
      durationMinutes: 30,
      timeZone: browserTimeZone(),
      videoUrl: '',
      attendeeIds: founderId ? [founderId] : [],
    };
  }
  return {
    title: meet.title,
    agenda: meet.agenda,
    startsAt: isoToZonedInput(meet.startsAt, meet.timeZone),
    durationMinutes: meet.durationMinutes,
    timeZone: meet.timeZone,
    videoUrl: meet.videoUrl ?? '',
    attendeeIds: meet.attendees.map((attendee) => attendee.id),
  };
}

/** The values as the contract's body: the typed time read on the chosen zone's clock, a blank link as none. */
export function meetBodyCandidate(values: MeetFormValues): Record<string, unknown> {
  return {
    title: values.title,
    agenda: values.agenda,
    startsAt: zonedInputToIso(values.startsAt, values.timeZone) ?? undefined,
    durationMinutes: typeof values.durationMinutes === 'number' ? values.durationMinutes : undefined,
    timeZone: values.timeZone,
    videoUrl: values.videoUrl.trim() === '' ? null : values.videoUrl,
    attendeeIds: values.attendeeIds,
  };
}

const resolveMeet = zodResolver(meetBodySchema);

/** Inline errors with the contract's messages, and plainer ones for the blanks a person leaves. */
export function validateMeetForm(values: MeetFormValues): Record<string, string> {
  const errors = resolveMeet(meetBodyCandidate(values));
  if (values.startsAt === '') errors.startsAt = 'Choose the day and time it starts.';
  else if (errors.startsAt) errors.startsAt = 'Give a day and a time, such as 12/01/2027 09:30.';
  if (values.durationMinutes === '') errors.durationMinutes = 'Give the duration in minutes.';
  return errors;
}

type MilestoneMeetFormModalProps = {
  role: MeetRole;
  milestoneId: string;
  /** The meet to edit, or null for a new one. */
  meet: Meet | null;
  opened: boolean;
  onClose: () => void;
};

/** "Schedule meet" and "Edit meet": every field of the meet, in a dialog. */
export function MilestoneMeetFormModal({ meet, opened, onClose, ...rest }: MilestoneMeetFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={meet ? 'Edit meet' : 'Schedule a meet'}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted only while open: each opening starts from the meet as it is now. */}
      {opened ? <MeetFormWithMembers key={meet?.id ?? 'new'} meet={meet} onClose={onClose} {...rest} /> : null}
    </Modal>
  );
}

type MeetFormProps = Omit<MilestoneMeetFormModalProps, 'opened'>;

/**
 * The form once the milestone's members are known, so a new meet starts with the founder chosen.
 * Members that cannot be read leave the choice to the people already invited.
 */
function MeetFormWithMembers(props: MeetFormProps) {
  const members = useMilestoneMembersQuery({ role: props.role, milestoneId: props.milestoneId });
  if (members.isLoading) {
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" aria-label="Loading the milestone's members" />
      </Group>
    );
  }
  return <MeetForm {...props} members={members.data ?? []} />;
}

function MeetForm({ role, milestoneId, meet, onClose, members }: MeetFormProps & { members: MilestoneMember[] }) {
  const [createMeet, creation] = useCreateMilestoneMeetMutation();
  const [updateMeet, update] = useUpdateMilestoneMeetMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const founderId = members.find((member) => member.role === 'user')?.id ?? null;
  const form = useSubmitValidatedForm<MeetFormValues>({
    initialValues: valuesOf(meet, founderId),
    validate: validateMeetForm,
  });
  // Everyone who may be invited, and anyone the meet invites who is no longer a member (named, so they can be removed).
  const memberChoices = useMemo(() => {
    const known = new Map(members.map((member) => [member.id, member]));
    for (const attendee of meet?.attendees ?? []) if (!known.has(attendee.id)) known.set(attendee.id, attendee);
    return [...known.values()].map((member) => ({
      value: member.id,
      label: member.role === 'user' ? `${member.name} (founder)` : member.name,
    }));
  }, [members, meet]);
  // Built once per form: about 400 zones, each named by Intl.
  const zones = useMemo(() => timeZoneChoices(browserTimeZone(), meet?.timeZone ?? null), [meet]);

  const handleSubmit = async (values: MeetFormValues) => {
    setProblem(null);
    const parsed = meetBodySchema.safeParse(meetBodyCandidate(values));
    if (!parsed.success) return; // validateMeetForm already marked the fields.
    const result = meet
      ? await updateMeet({ role, milestoneId, meetId: meet.id, body: parsed.data })
      : await createMeet({ role, milestoneId, body: parsed.data });
    if ('error' in result) {
      setProblem(showProblemOnForm(describeApiError(result.error), meetFieldOrder, form));
      return;
    }
    notifications.show({
      color: 'teal',
      title: meet ? 'Meet updated' : 'Meet scheduled',
      message:
        values.attendeeIds.length > 0
          ? 'Everyone on the milestone sees it now, and each attendee is mailed the invitation with its .ics.'
          : 'Everyone on the milestone sees it now. Download its .ics to add it to your calendar.',
    });
    onClose();
  };

  return (
    <form
      noValidate
      aria-label={meet ? 'Edit meet' : 'Schedule a meet'}
      onSubmit={form.onSubmit(handleSubmit, (errors) => focusFirstInvalid(errors, meetFieldOrder))}
    >
      <Stack gap="md">
        <FormErrorAlert message={problem} title="We couldn't save the meet" />
        <TextInput
          label="Title"
          placeholder="Monthly progress review"
          withAsterisk
          maxLength={milestoneLimits.titleLength}
          {...form.getInputProps('title')}
        />
        <Textarea label="Agenda" description="Optional" rows={3} {...form.getInputProps('agenda')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Starts" type="datetime-local" withAsterisk {...form.getInputProps('startsAt')} />
          <NumberInput
            label="Duration (minutes)"
            allowDecimal={false}
            allowNegative={false}
            min={1}
            max={milestoneLimits.meetMinutesMax}
            step={15}
            withAsterisk
            {...form.getInputProps('durationMinutes')}
          />
        </SimpleGrid>
        <Select
          label="Time zone"
          description="The start above is read on this zone's clock; everyone sees it in their own. Type a city, a zone or an offset."
          data={zones}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No zone by that name"
          maxDropdownHeight={280}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('timeZone')}
        />
        <TextInput
          label="Video link"
          description="Optional: an http or https link."
          type="url"
          placeholder="https://"
          {...form.getInputProps('videoUrl')}
        />
        <MultiSelect
          label="Attendees"
          description="Each one is mailed the invitation with its calendar file, and told of changes."
          placeholder={form.values.attendeeIds.length === 0 ? 'Choose who to invite' : undefined}
          data={memberChoices}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage="Only the founder and the deck's accepted investors can be invited"
          comboboxProps={{ withinPortal: true }}
          renderOption={({ option }) => (
            <Group gap={8} wrap="nowrap">
              <Avatar
                name={option.label.replace(/ \(founder\)$/, '')}
                color="initials"
                size={22}
                radius="xl"
                aria-hidden
              />
              <Text fz="sm">{option.label}</Text>
            </Group>
          )}
          {...form.getInputProps('attendeeIds')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={creation.isLoading || update.isLoading}>
            {meet ? 'Save meet' : 'Schedule meet'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
