import { type Meet, meetBodySchema, milestoneLimits } from '@deckvalid/contract/milestones';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import type { MilestoneRole } from '@/features/milestones/milestone-api-shared';
import { describeApiError } from '@/shared/api/api-error';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid, showProblemOnForm } from '@/shared/lib/form-problems';
import { zodResolver } from '@/shared/lib/zod-resolver';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { browserTimeZone, isoToZonedInput, timeZoneChoices, zonedInputToIso } from '../milestone-format';
import { useCreateMilestoneMeetMutation, useUpdateMilestoneMeetMutation } from '../milestones-api';

/** What the meet form holds; `startsAt` is a datetime-local value meant on `timeZone`'s clock. */
export type MeetFormValues = {
  title: string;
  agenda: string;
  startsAt: string;
  durationMinutes: number | string;
  timeZone: string;
  videoUrl: string;
};

export const meetFieldOrder = ['title', 'agenda', 'startsAt', 'durationMinutes', 'timeZone', 'videoUrl'] as const;

/** Tomorrow at 10:00 on the reader's clock: a plausible first guess, changed in one step. */
function defaultStart(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 10, 0);
  return `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T10:00`;
}

function valuesOf(meet: Meet | null): MeetFormValues {
  if (!meet) {
    return {
      title: '',
      agenda: '',
      startsAt: defaultStart(),
      durationMinutes: 30,
      timeZone: browserTimeZone(),
      videoUrl: '',
    };
  }
  return {
    title: meet.title,
    agenda: meet.agenda,
    startsAt: isoToZonedInput(meet.startsAt, meet.timeZone),
    durationMinutes: meet.durationMinutes,
    timeZone: meet.timeZone,
    videoUrl: meet.videoUrl ?? '',
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
  role: MilestoneRole;
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
      {opened ? <MeetForm key={meet?.id ?? 'new'} meet={meet} onClose={onClose} {...rest} /> : null}
    </Modal>
  );
}

function MeetForm({ role, milestoneId, meet, onClose }: Omit<MilestoneMeetFormModalProps, 'opened'>) {
  const [createMeet, creation] = useCreateMilestoneMeetMutation();
  const [updateMeet, update] = useUpdateMilestoneMeetMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSubmitValidatedForm<MeetFormValues>({ initialValues: valuesOf(meet), validate: validateMeetForm });
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
      message: 'Everyone on the milestone sees it now. Download its .ics to add it to your calendar.',
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
