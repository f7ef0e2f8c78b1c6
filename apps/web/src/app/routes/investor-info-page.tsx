import { Paper, Stack, Text, Title } from '@mantine/core';
import { InvestorInfoForm } from '@/features/accounts/components/investor-info-form';

/** /investor/profile: the investor info founders see. */
export function InvestorInfoPage() {
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Investor info
        </Title>
        <Text c="dimmed">What founders see about you when you show interest in their deck.</Text>
      </Stack>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <InvestorInfoForm />
      </Paper>
    </Stack>
  );
}
