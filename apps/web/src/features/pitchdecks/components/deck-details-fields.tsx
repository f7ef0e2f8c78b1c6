import { sectors, stages } from '@deckvalid/contract/accounts';
import { NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { DeckDetailsValues } from '../deck-details';

/** The contract's limit for the one-line pitch, counted as the founder types. */
const pitchMax = 280;

/**
 * The deck's details as form fields, in `deckFieldOrder`: the same inputs, labels and messages
 * when a deck is submitted and when its details are edited.
 */
export function DeckDetailsFields({ form }: { form: UseFormReturnType<DeckDetailsValues> }) {
  return (
    <Stack gap="md">
      <TextInput label="Company" autoComplete="organization" withAsterisk {...form.getInputProps('company')} />
      <TextInput label="Title" placeholder="Seed round 2026" withAsterisk {...form.getInputProps('title')} />
      <TextInput
        label="One-line pitch"
        placeholder="Payroll for small clinics, done in five minutes a month"
        description={`${form.values.pitch.trim().length}/${pitchMax} characters`}
        withAsterisk
        {...form.getInputProps('pitch')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <NativeSelect
          label="Sector"
          withAsterisk
          data={[{ value: '', label: 'Pick a sector', disabled: true }, ...sectors]}
          {...form.getInputProps('sector')}
        />
        <NativeSelect
          label="Stage"
          withAsterisk
          data={[{ value: '', label: 'Pick a stage', disabled: true }, ...stages]}
          {...form.getInputProps('stage')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <NumberInput
          label="Amount sought (USD)"
          placeholder="1,500,000"
          prefix="$"
          thousandSeparator=","
          allowDecimal={false}
          allowNegative={false}
          min={0}
          hideControls
          withAsterisk
          {...form.getInputProps('amountSought')}
        />
        <TextInput label="Location" placeholder="Berlin, Germany" withAsterisk {...form.getInputProps('location')} />
      </SimpleGrid>
      <TextInput
        label="Website"
        type="url"
        placeholder="https://"
        autoComplete="url"
        description="Optional"
        {...form.getInputProps('website')}
      />
    </Stack>
  );
}
