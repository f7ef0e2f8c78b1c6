import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { FounderDeckList } from '@/features/pitchdecks/components/founder-deck-list';

/** /founder/pitchdecks: the founder's decks as cards, with the way to submit another. */
export function FounderPitchdecksPage() {
  const submitButton = (
    <Button component={Link} to={paths.founder.submit} leftSection={<IconFileUpload size={18} aria-hidden />}>
      Submit a deck
    </Button>
  );
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Pitch decks
          </Title>
          <Text c="dimmed">Every deck you submitted, with its status, interest and views.</Text>
        </Stack>
        {submitButton}
      </Group>
      <FounderDeckList deckPath={paths.founder.view} submitAction={submitButton} />
    </Stack>
  );
}
