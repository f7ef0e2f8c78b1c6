import type { AccountRole } from '@deckvalid/contract/auth';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ForgotPasswordFlow } from '@/features/auth/components/forgot-password-flow';
import { authPagesOf } from '@/features/auth/role-home';
import { AuthLayout } from '@/shared/ui/auth-layout';

/** /forgot-password and /forgot-password/investor (our routes, see config/paths.ts). */
export function ForgotPasswordPage({ accountRole: role }: { accountRole: AccountRole }) {
  const isInvestor = role === 'investor';
  return (
    <AuthLayout
      title={isInvestor ? 'Reset your investor password' : 'Reset your password'}
      description="Enter the email you signed up with. We'll send you a code to choose a new password."
      footer={
        <Text fz="sm">
          Remembered it?{' '}
          <Anchor component={Link} to={authPagesOf(role).login}>
            {isInvestor ? 'Back to investor sign in' : 'Back to sign in'}
          </Anchor>
        </Text>
      }
    >
      <ForgotPasswordFlow key={role} accountRole={role} />
    </AuthLayout>
  );
}
