import { Anchor, Box, Center, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from './brand';

type AuthLayoutProps = {
  title: string;
  description?: ReactNode;
  /** Shown under the card: links to the other role's variant, back to sign-in… */
  footer?: ReactNode;
  children: ReactNode;
};

/** The centered card every signed-out screen uses, with the product name linking home. */
export function AuthLayout({ title, description, footer, children }: AuthLayoutProps) {
  return (
    <Box
      mih="100dvh"
      py={{ base: 'lg', sm: 48 }}
      style={{
        background:
          'radial-gradient(1200px 500px at 50% -10%, var(--mantine-color-indigo-1), transparent 70%), var(--mantine-color-gray-0)',
      }}
    >
      <Container size={460} px="md">
        <Stack gap="lg">
          <Center component="header">
            <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Pitchlane home">
              <Brand />
            </Anchor>
          </Center>
          <Paper component="main" withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
            <Stack gap="lg">
              <Stack gap={6}>
                <Title order={1} fz={{ base: 24, sm: 26 }}>
                  {title}
                </Title>
                {description ? (
                  <Text c="dimmed" fz="sm">
                    {description}
                  </Text>
                ) : null}
              </Stack>
              {children}
            </Stack>
          </Paper>
          {footer ? (
            <Stack component="footer" gap={6} align="center" ta="center" fz="sm">
              {footer}
            </Stack>
          ) : null}
        </Stack>
      </Container>
    </Box>
  );
}
