import { type FounderProfile, updateFounderProfileBodySchema } from '@deckvalid/contract/accounts';
import { Button, Center, Group, Loader, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid, showProblemOnForm } from '@/shared/lib/form-problems';
import { zodResolver } from '@/shared/lib/zod-resolver';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { useFounderProfileQuery, useUpdateFounderProfileMutation } from '../accounts-api';
import { FounderPictureField } from './founder-picture-field';

const fieldOrder = ['name', 'headline', 'company', 'location', 'website', 'bio'] as const;

type ProfileValues = Record<(typeof fieldOrder)[number], string>;

function valuesOf(profile: FounderProfile): ProfileValues {
  return {
    name: profile.name,
    headline: profile.headline ?? '',
    company: profile.company ?? '',
    location: profile.location ?? '',
    website: profile.website ?? '',
    bio: profile.bio ?? '',
  };
}

/** The founder's profile (GET/PUT /api/users/profile); `onSaved` lets app/ refresh the header's name. */
export function FounderProfileForm({ onSaved }: { onSaved?: (profile: FounderProfile) => void }) {
  const profile = useFounderProfileQuery();
  if (profile.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading your profile" />
      </Center>
    );
  }
  if (!profile.data) {
    return (
      <Stack>
        <FormErrorAlert message={describeApiError(profile.error).message} title="We couldn't load your profile" />
        <Group>
          <Button variant="light" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </Group>
      </Stack>
    );
  }
  return <ProfileFields profile={profile.data} onSaved={onSaved} />;
}

function ProfileFields({ profile, onSaved }: { profile: FounderProfile; onSaved?: (profile: FounderProfile) => void }) {
  const [update, { isLoading }] = useUpdateFounderProfileMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSubmitValidatedForm<ProfileValues>({
    initialValues: valuesOf(profile),
    validate: zodResolver(updateFounderProfileBodySchema),
  });

  const handleSubmit = async (values: ProfileValues) => {
    setProblem(null);
    const result = await update(values);
    if ('data' in result && result.data) {
      form.setInitialValues(valuesOf(result.data));
      form.resetDirty(valuesOf(result.data));
      notifications.show({ color: 'teal', message: 'Your profile is saved.' });
      onSaved?.(result.data);
      return;
    }
    setProblem(showProblemOnForm(describeApiError(result.error), fieldOrder, form));
  };

  return (
    <form noValidate onSubmit={form.onSubmit(handleSubmit, (errors) => focusFirstInvalid(errors, fieldOrder))}>
      <Stack gap="md">
        {/* Saved on its own as soon as it uploads; the Save button is for the text fields. */}
        <FounderPictureField name={profile.name} pictureUrl={profile.pictureUrl} />
        <FormErrorAlert message={problem} />
        <TextInput label="Name" autoComplete="name" withAsterisk {...form.getInputProps('name')} />
        {/* Read-only and looking it: a white box that ignored typing read as a broken field. */}
        <TextInput
          label="Email"
          value={profile.email}
          readOnly
          variant="filled"
          rightSection={<IconLock size={16} aria-hidden />}
          description="Email can't be changed: it is the address you sign in with."
          styles={{ input: { color: 'var(--mantine-color-dimmed)', cursor: 'default' } }}
          data-testid="profile-email"
        />
        <TextInput
          label="Headline"
          placeholder="Building payroll for small clinics"
          {...form.getInputProps('headline')}
        />
        {/* Side by side from `xs` up; Group grow kept them at half width on a phone. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Company" autoComplete="organization" {...form.getInputProps('company')} />
          <TextInput label="Location" placeholder="Berlin, Germany" {...form.getInputProps('location')} />
        </SimpleGrid>
        <TextInput
          label="Website"
          type="url"
          placeholder="https://"
          autoComplete="url"
          {...form.getInputProps('website')}
        />
        <Textarea label="Bio" autosize minRows={3} maxRows={8} {...form.getInputProps('bio')} />
        <Group justify="flex-end">
          <Button type="submit" loading={isLoading} disabled={isLoading || !form.isDirty()}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
