import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconGitCompare } from '@tabler/icons-react';
import { VersionChanges } from './version-changes';

type SinceYouReadProps = {
  deckId: string;
  /** The version investors see now. */
  liveVersion: number;
  /** Earlier versions this investor read, newest first. */
  readVersions: readonly number[];
};

/**
 * For an investor back on a deck that has a new version since they read it: which version they
 * read, and "What changed" between it and the live one (pages, figures, the report's score).
 * Nothing for a deck they read only as it is now.
 */
export function SinceYouRead({ deckId, liveVersion, readVersions }: SinceYouReadProps) {
  const [isOpen, { open, close }] = useDisclosure(false);
  const isPhone = useMediaQuery('(max-width: 36em)');
  const lastRead = readVersions[0];
  if (lastRead === undefined) return null;
  return (
    <>
      <Alert
        variant="light"
        color="indigo"
        radius="lg"
        icon={<IconGitCompare aria-hidden />}
        mt="xs"
        title={`New since you read it: version ${liveVersion}`}
        data-testid="since-you-read"
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text fz="sm">You read version {lastRead}. See what the founder changed since.</Text>
          <Button size="xs" variant="white" onClick={open}>
            What changed
          </Button>
        </Group>
      </Alert>
      <Modal opened={isOpen} onClose={close} title="What changed" size="xl" fullScreen={isPhone}>
        <VersionChanges deckId={deckId} side="investor" versions={[liveVersion, ...readVersions]} />
      </Modal>
    </>
  );
}
