import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconId, IconLayoutGrid } from '@tabler/icons-react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useInvestorInfoQuery } from '@/features/accounts/accounts-api';
import { selectUser } from '@/features/auth/auth-slice';
import { EmptyPage } from '@/shared/ui/empty-page';

/** /investor: browse decks (to come), with a nudge to fill in the investor info first. */
export function InvestorHomePage() {
  const user = useSelector(selectUser);
  const info = useInvestorInfoQuery();
  const firstName = user?.name.trim().split(/\s+/)[0];

  return (
    <EmptyPage
      title="Browse decks"
      description="Pitch decks submitted by founders will appear here."
      icon={<IconLayoutGrid aria-hidden />}
      intro={
        <Stack gap="md" mt={-16}>
          <Text c="dimmed" data-testid="investor-welcome">
            {firstName ? `Welcome, ${firstName}.` : 'Welcome.'} This is your investor workspace.
          </Text>
          {info.isSuccess && info.data === null ? (
            <Alert color="indigo" variant="light" icon={<IconId aria-hidden />} title="Tell founders who you are">
              <Text fz="sm">
                Add your firm, thesis, sectors and cheque sizes so founders know what you look for.{' '}
                <Anchor component={Link} to={paths.investor.profile} fw={600}>
                  Complete your investor info
                </Anchor>
              </Text>
            </Alert>
          ) : null}
        </Stack>
      }
    />
  );
}
