import { type DeckLink, linkLimits } from '@deckvalid/contract/links';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import type { ApiProblem } from '@/shared/api/api-error';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid, showProblemOnForm } from '@/shared/lib/form-problems';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { PasswordField } from '@/shared/ui/password-field';
import {
  type LinkBody,
  type LinkFormValues,
  linkBodyOf,
  linkFormFieldOrder,
  linkValuesOf,
  newLinkValues,
  validateLinkForm,
} from '../link-form';

type LinkSettingsFormProps = {
  /** The link to edit; none for a new link. */
  link?: DeckLink;
  /** Ready versions a deck's link may pin, newest first; null for a data room's link (no versions). */
  versions: readonly number[] | null;
  /** Sends the body; resolves with the server's problem, or null once saved. */
  onSubmit: (body: LinkBody) => Promise<ApiProblem | null>;
  onCancel: () => void;
  isSaving: boolean;
};

/**
 * A link's settings: the name, then who may open it (email, verification, lists, passcode,
 * agreement), then what they may do (download, watermark), when it ends and which version it
 * shows. Checked with the contract's schema; the server's refusals land on their fields.
 */
export function LinkSettingsForm({ link, versions, onSubmit, onCancel, isSaving }: LinkSettingsFormProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSubmitValidatedForm<LinkFormValues>({
    initialValues: link ? linkValuesOf(link) : newLinkValues(),
    validate: validateLinkForm,
  });
  const values = form.values;
  const hasEmail = values.requireEmail;

  const handleSubmit = async (submitted: LinkFormValues) => {
    setProblem(null);
    const failure = await onSubmit(linkBodyOf(submitted));
    if (failure) setProblem(showProblemOnForm(failure, linkFormFieldOrder, form));
  };

  const passcodeChoices = link?.hasPasscode
    ? [
        { value: 'keep', label: 'Keep' },
        { value: 'set', label: 'Change' },
        { value: 'none', label: 'Remove' },
      ]
    : null;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(handleSubmit, (errors) => focusFirstInvalid(errors, linkFormFieldOrder))}
      data-testid="link-settings-form"
    >
      <Stack gap="md">
        <FormErrorAlert message={problem} title="We couldn't save the link" />
        <TextInput
          label="Name"
          description="For you only, for example who gets it. Visitors never see it."
          placeholder="Northwind – Ravi"
          maxLength={linkLimits.nameLength}
          withAsterisk
          data-autofocus
          {...form.getInputProps('name')}
        />

        <Fieldset legend="Who may open it" variant="unstyled">
          <Stack gap="sm">
            <Switch
              label="Ask for an email address"
              description="Visitors give their email before reading."
              {...form.getInputProps('requireEmail', { type: 'checkbox' })}
            />
            <Switch
              label="Verify the email with a code"
              description={hasEmail ? 'A 6-digit code is mailed to the address.' : 'Needs an email address.'}
              disabled={!hasEmail}
              {...form.getInputProps('verifyEmail', { type: 'checkbox' })}
              checked={hasEmail && values.verifyEmail}
            />
            {hasEmail ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Textarea
                  label="Only these may open it"
                  description="Addresses or domains (example.com), one a line. Empty: anyone."
                  autosize
                  minRows={2}
                  maxRows={6}
                  {...form.getInputProps('allowList')}
                />
                <Textarea
                  label="These may not open it"
                  description="Addresses or domains, one a line."
                  autosize
                  minRows={2}
                  maxRows={6}
                  {...form.getInputProps('denyList')}
                />
              </SimpleGrid>
            ) : null}
            {passcodeChoices ? (
              <Stack gap={4}>
                <Text fz="sm" fw={500} id="link-passcode-choice">
                  Passcode (one is set)
                </Text>
                <SegmentedControl
                  aria-labelledby="link-passcode-choice"
                  data={passcodeChoices}
                  w="fit-content"
                  {...form.getInputProps('passcodeAction')}
                />
              </Stack>
            ) : (
              <Switch
                label="Ask for a passcode"
                checked={values.passcodeAction === 'set'}
                onChange={(event) => form.setFieldValue('passcodeAction', event.currentTarget.checked ? 'set' : 'none')}
              />
            )}
            {values.passcodeAction === 'set' ? (
              <PasswordField
                label={link?.hasPasscode ? 'New passcode' : 'Passcode'}
                description="Send it to the visitor apart from the link."
                autoComplete="new-password"
                maxLength={linkLimits.passcodeLength}
                withAsterisk
                {...form.getInputProps('passcode')}
              />
            ) : null}
            <Textarea
              label="Agreement to accept first"
              description="An NDA or terms, shown before the deck. Empty: none."
              autosize
              minRows={2}
              maxRows={8}
              maxLength={linkLimits.agreementLength}
              {...form.getInputProps('agreement')}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend="What they may do" variant="unstyled">
          <Stack gap="sm">
            <Switch label="Allow downloads" {...form.getInputProps('allowDownload', { type: 'checkbox' })} />
            <Switch
              label="Watermark every page"
              description={hasEmail ? 'The visitor’s email, the date and “Confidential”.' : 'Needs an email address.'}
              disabled={!hasEmail}
              {...form.getInputProps('watermark', { type: 'checkbox' })}
              checked={hasEmail && values.watermark}
            />
            <Checkbox
              label="Tell me of each visitor’s first visit (inbox and mail)"
              {...form.getInputProps('notify', { type: 'checkbox' })}
            />
          </Stack>
        </Fieldset>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="datetime-local"
            label="Ends on"
            description="Empty: never."
            {...form.getInputProps('expiresAt')}
          />
          {versions ? (
            <Select
              label="Version shown"
              description="The live version follows your updates."
              allowDeselect={false}
              data={[
                { value: '', label: 'The live version' },
                ...versions.map((number) => ({ value: String(number), label: `Version ${number} only` })),
              ]}
              {...form.getInputProps('version')}
            />
          ) : null}
        </SimpleGrid>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {link ? 'Save settings' : 'Create link'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
