import type { AccountRole } from '@deckvalid/contract/auth';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ForgotPasswordFlow } from '@/features/auth/components/forgot-password-flow';
import { authPagesOf } from '@/features/auth/role-home';
import { AuthLayout } from '@/shared/ui/auth-layout';

const titles: Record<AccountRole, string> = {
  user: 'Reset your password',
  investor: 'Reset your investor password',
  mentor: 'Reset your mentor password',
};

const backLinks: Record<AccountRole, string> = {
  user: 'Back to sign in',
  investor: 'Back to investor sign in',
  mentor: 'Back to mentor sign in',
};

/** /forgot-password, /forgot-password/investor and /forgot-password/mentor (our routes, see config/paths.ts). */
export function ForgotPasswordPage({ accountRole: role }: { accountRole: AccountRole }) {
  return (
    <AuthLayout
      title={titles[role]}
      description="Enter the email you signed up with. We'll send you a code to choose a new password."
      footer={
        <Text fz="sm">
          Remembered it?{' '}
          <Anchor component={Link} to={authPagesOf(role).login}>
            {backLinks[role]}
          </Anchor>
        </Text>
      }
    >
      <ForgotPasswordFlow key={role} accountRole={role} />
    </AuthLayout>
  );
}
