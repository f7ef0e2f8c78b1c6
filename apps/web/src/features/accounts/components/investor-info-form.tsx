import {
  type InvestorInfo,
  type InvestorInfoBody,
  investorInfoBodySchema,
  maxThesisPlaces,
  type Sector,
  type Stage,
  sectors,
  stages,
} from '@deckvalid/contract/accounts';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid, showProblemOnForm } from '@/shared/lib/form-problems';
import { zodResolver } from '@/shared/lib/zod-resolver';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { useInvestorInfoQuery, useSaveInvestorInfoMutation } from '../accounts-api';

const fieldOrder = [
  'firm',
  'title',
  'location',
  'website',
  'sectors',
  'stages',
  'chequeSizeMin',
  'chequeSizeMax',
  'places',
  'thesis',
] as const;

/** Form values: NumberInput holds '' while empty, the body wants null. */
type InfoValues = {
  firm: string;
  title: string;
  thesis: string;
  sectors: string[];
  stages: string[];
  chequeSizeMin: number | string;
  chequeSizeMax: number | string;
  location: string;
  website: string;
  places: string[];
};

function valuesOf(info: InvestorInfo | null): InfoValues {
  return {
    firm: info?.firm ?? '',
    title: info?.title ?? '',
    thesis: info?.thesis ?? '',
    sectors: info?.sectors ?? [],
    stages: info?.stages ?? [],
    chequeSizeMin: info?.chequeSizeMin ?? '',
    chequeSizeMax: info?.chequeSizeMax ?? '',
    location: info?.location ?? '',
    website: info?.website ?? '',
    places: info?.places ?? [],
  };
}

const amountOf = (value: number | string): number | null =>
  typeof value === 'number' ? value : value.trim() === '' ? null : Number(value.replace(/[^\d.-]/g, ''));

/** The request body; the server's schema has the last word on every value. */
function bodyOf(values: InfoValues): InvestorInfoBody {
  return {
    firm: values.firm.trim(),
    title: values.title.trim() || null,
    thesis: values.thesis.trim() || null,
    sectors: values.sectors as Sector[],
    stages: values.stages as Stage[],
    chequeSizeMin: amountOf(values.chequeSizeMin),
    chequeSizeMax: amountOf(values.chequeSizeMax),
    location: values.location.trim() || null,
    website: values.website.trim() || null,
    places: values.places.map((place) => place.trim()).filter((place) => place !== ''),
  };
}

const validateBody = zodResolver(investorInfoBodySchema);

/**
 * The schema names a bad place by its position (`places.2`); the tags field shows one message for
 * all of them, so each is moved onto `places` (the first one found wins).
 */
export function placeErrorsOnField(errors: Record<string, string>): Record<string, string> {
  const folded: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = key.startsWith('places.') ? 'places' : key;
    if (!(field in folded)) folded[field] = message;
  }
  return folded;
}

/** Investor info (GET, then POST the first time or PUT): what founders see about an investor. */
export function InvestorInfoForm() {
  const info = useInvestorInfoQuery();
  if (info.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading your investor info" />
      </Center>
    );
  }
  if (info.isError) {
    return (
      <Stack>
        <FormErrorAlert message={describeApiError(info.error).message} title="We couldn't load your investor info" />
        <Group>
          <Button variant="light" onClick={() => void info.refetch()}>
            Try again
          </Button>
        </Group>
      </Stack>
    );
  }
  return <InfoFields info={info.data ?? null} />;
}

function InfoFields({ info }: { info: InvestorInfo | null }) {
  const [save, { isLoading }] = useSaveInvestorInfoMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const isNew = info === null;
  const form = useSubmitValidatedForm<InfoValues>({
    initialValues: valuesOf(info),
    validate: (values) => placeErrorsOnField(validateBody(bodyOf(values))),
  });

  const handleSubmit = async (values: InfoValues) => {
    setProblem(null);
    const result = await save({ body: bodyOf(values), isNew });
    if ('data' in result && result.data) {
      form.setInitialValues(valuesOf(result.data));
      form.resetDirty(valuesOf(result.data));
      notifications.show({ color: 'teal', message: 'Your investor info is saved.' });
      return;
    }
    setProblem(showProblemOnForm(describeApiError(result.error), fieldOrder, form));
  };

  return (
    <form noValidate onSubmit={form.onSubmit(handleSubmit, (errors) => focusFirstInvalid(errors, fieldOrder))}>
      <Stack gap="md">
        {isNew ? (
          <Alert color="indigo" variant="light" icon={<IconInfoCircle aria-hidden />}>
            Founders see this when you show interest in their deck. Only the firm is required.
          </Alert>
        ) : null}
        <FormErrorAlert message={problem} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Firm"
            description='Your fund, or "Angel".'
            autoComplete="organization"
            withAsterisk
            {...form.getInputProps('firm')}
          />
          <TextInput
            label="Title"
            placeholder="Partner"
            autoComplete="organization-title"
            {...form.getInputProps('title')}
          />
          <TextInput label="Location" placeholder="London, UK" {...form.getInputProps('location')} />
          <TextInput
            label="Website"
            type="url"
            placeholder="https://"
            autoComplete="url"
            {...form.getInputProps('website')}
          />
        </SimpleGrid>
        <Stack gap={2} mt="xs">
          <Title order={2} fz="lg">
            Your thesis
          </Title>
          <Text fz="sm" c="dimmed">
            Browse puts the decks that fit these first and says why on each card; each Monday your inbox names the new
            decks that meet all of them.
          </Text>
        </Stack>
        <MultiSelect
          label="Sectors"
          description="The sectors you invest in."
          data={[...sectors]}
          searchable
          clearable
          hidePickedOptions
          placeholder="Pick sectors"
          {...form.getInputProps('sectors')}
        />
        <MultiSelect
          label="Stages"
          description="The funding stages you write cheques at."
          data={[...stages]}
          clearable
          hidePickedOptions
          placeholder="Pick stages"
          {...form.getInputProps('stages')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Ticket size from (USD)"
            description="The smallest round you look at."
            prefix="$"
            thousandSeparator=","
            allowDecimal={false}
            allowNegative={false}
            min={0}
            placeholder="$25,000"
            {...form.getInputProps('chequeSizeMin')}
          />
          <NumberInput
            label="Ticket size to (USD)"
            description="Decks raising within this range fit."
            prefix="$"
            thousandSeparator=","
            allowDecimal={false}
            allowNegative={false}
            min={0}
            placeholder="$250,000"
            {...form.getInputProps('chequeSizeMax')}
          />
        </SimpleGrid>
        <TagsInput
          label="Places you invest in"
          description="Cities, countries or regions, such as Germany or Berlin; press Enter after each. Empty: anywhere."
          placeholder={form.values.places.length >= maxThesisPlaces ? undefined : 'Add a place'}
          maxTags={maxThesisPlaces}
          splitChars={[',']}
          acceptValueOnBlur
          clearable
          {...form.getInputProps('places')}
        />
        <Textarea
          label="Thesis"
          description="What you look for in a company, in a few sentences."
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('thesis')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isLoading} disabled={isLoading || (!isNew && !form.isDirty())}>
            {isNew ? 'Save investor info' : 'Save changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
