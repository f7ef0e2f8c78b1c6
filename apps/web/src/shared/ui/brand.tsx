import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconPresentationAnalytics } from '@tabler/icons-react';

/** The product name with its mark; the one place the name is spelled on screen. */
export const productName = 'Pitchlane';

/** Logo text: mark plus name. `size` scales both for headers (sm) and auth cards (md). */
export function Brand({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const iconSize = size === 'sm' ? 28 : 34;
  return (
    <Group gap={8} wrap="nowrap" aria-label={productName}>
      <ThemeIcon size={iconSize} radius="md" variant="gradient" gradient={{ from: 'indigo.7', to: 'cyan.6', deg: 135 }}>
        <IconPresentationAnalytics size={iconSize * 0.6} stroke={1.8} aria-hidden />
      </ThemeIcon>
      <Text component="span" fw={800} fz={size === 'sm' ? 'lg' : 'xl'} lts={-0.3} aria-hidden>
        {productName}
      </Text>
    </Group>
  );
}
