import type { DataRoomGrant } from '@deckvalid/contract/datarooms';
import { Anchor, Button, Group, Modal, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { describeApiError } from '@/shared/api/api-error';
import { formatDate } from '@/shared/lib/format-date';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import {
  useCreateDataRoomGrantMutation,
  useDataRoomGrantsQuery,
  useDeleteDataRoomGrantMutation,
} from '../datarooms-api';

/** An investor whose interest the founder accepted: the only kind a room can be given to. */
export type AcceptedInvestor = {
  /** The accepted interest a grant is made through. */
  interestId: string;
  investorId: string;
  name: string;
  firm: string | null;
};

type DataRoomGrantsProps = {
  roomId: string;
  /**
   * The founder's accepted investors, one per investor, or undefined while they load. The page
   * passes them in: they come from the interests feature, which this one does not import.
   */
  investors: readonly AcceptedInvestor[] | undefined;
  /** Where the founder accepts interests (config/paths), for the empty state's link. */
  myInvestorsPath: string;
};

const nameOf = (investor: AcceptedInvestor | undefined) =>
  investor ? (investor.firm ? `${investor.name} (${investor.firm})` : investor.name) : 'An investor';

/**
 * Who has this room: the live grants with the investor's name, each removable after a
 * confirmation, and a select to give the room to an accepted investor who does not have it yet.
 */
export function DataRoomGrants({ roomId, investors, myInvestorsPath }: DataRoomGrantsProps) {
  const grants = useDataRoomGrantsQuery(roomId);
  const [createGrant, creation] = useCreateDataRoomGrantMutation();
  const [deleteGrant, deletion] = useDeleteDataRoomGrantMutation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [removing, setRemoving] = useState<DataRoomGrant | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const byId = new Map((investors ?? []).map((investor) => [investor.investorId, investor]));
  const holders = new Set((grants.data ?? []).map((grant) => grant.investorId));
  const candidates = (investors ?? []).filter((investor) => !holders.has(investor.investorId));

  const handleAdd = async () => {
    const investor = candidates.find((candidate) => candidate.interestId === chosen);
    if (!investor) return;
    setProblem(null);
    const result = await createGrant({ roomId, body: { interestId: investor.interestId } });
    if ('error' in result) {
      setProblem(describeApiError(result.error).message);
      return;
    }
    setChosen(null);
    notifications.show({ color: 'teal', message: `${investor.name} has this room now.` });
  };
  const handleRemove = async (grant: DataRoomGrant) => {
    const result = await deleteGrant({ roomId, grantId: grant.id });
    if ('error' in result) {
      notifications.show({ color: 'red', message: describeApiError(result.error).message });
      return;
    }
    setRemoving(null);
    notifications.show({
      color: 'teal',
      message: `${byId.get(grant.investorId)?.name ?? 'The investor'} no longer has this room.`,
    });
  };

  const isLoading = grants.isLoading || investors === undefined;

  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby="room-grants-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="room-grants-title">
          Who has this room
        </Title>
        {isLoading ? (
          <Stack gap="xs" aria-busy="true" aria-label="Loading who has this room">
            <Skeleton height={36} radius="sm" />
            <Skeleton height={36} radius="sm" />
          </Stack>
        ) : grants.error ? (
          <FormErrorAlert title="We couldn't load who has this room" message={describeApiError(grants.error).message} />
        ) : (
          <>
            {grants.data && grants.data.length > 0 ? (
              <Stack
                gap={0}
                component="ul"
                aria-label="Investors with this room"
                style={{ listStyle: 'none', padding: 0, margin: 0 }}
              >
                {grants.data.map((grant) => (
                  <Group
                    key={grant.id}
                    component="li"
                    justify="space-between"
                    wrap="nowrap"
                    gap="sm"
                    py={6}
                    data-testid="data-room-grant"
                  >
                    <Stack gap={0} miw={0}>
                      <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {nameOf(byId.get(grant.investorId))}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        since {formatDate(grant.createdAt)}
                      </Text>
                    </Stack>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      style={{ flexShrink: 0 }}
                      aria-label={`Remove ${byId.get(grant.investorId)?.name ?? 'this investor'}`}
                      onClick={() => setRemoving(grant)}
                    >
                      Remove
                    </Button>
                  </Group>
                ))}
              </Stack>
            ) : (
              <Text fz="sm" c="dimmed">
                No investor has this room yet.
              </Text>
            )}

            {investors && investors.length === 0 ? (
              <Text fz="sm" data-testid="grants-empty-state">
                Accept an investor's interest first; then you can give them this room.{' '}
                <Anchor component={Link} to={myInvestorsPath} fz="sm">
                  My investors
                </Anchor>
              </Text>
            ) : candidates.length === 0 ? (
              <Text fz="sm" c="dimmed">
                Every investor you accepted has this room.
              </Text>
            ) : (
              <Group gap="sm" align="flex-end" wrap="wrap">
                <Select
                  label="Add investor"
                  placeholder="Choose an accepted investor"
                  data={candidates.map((investor) => ({ value: investor.interestId, label: nameOf(investor) }))}
                  value={chosen}
                  onChange={setChosen}
                  style={{ flex: '1 1 240px' }}
                  comboboxProps={{ withinPortal: true }}
                />
                <Button
                  leftSection={<IconUserPlus size={16} aria-hidden />}
                  disabled={!chosen}
                  loading={creation.isLoading}
                  onClick={() => void handleAdd()}
                >
                  Give access
                </Button>
              </Group>
            )}
            {problem && <FormErrorAlert title="The investor was not added" message={problem} />}
          </>
        )}
      </Stack>

      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove access" centered>
        {removing && (
          <Stack gap="md">
            <Text>
              Take this room back from {nameOf(byId.get(removing.investorId))}? They lose it at once; you can give it
              again later.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setRemoving(null)}>
                Cancel
              </Button>
              <Button color="red" loading={deletion.isLoading} onClick={() => void handleRemove(removing)}>
                Remove access
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
