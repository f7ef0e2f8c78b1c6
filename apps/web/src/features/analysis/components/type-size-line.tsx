import { analysisTargets } from '@deckvalid/contract/analysis';
import { Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useFounderDeckAnalysisQuery } from '../analysis-api';

type TypeSizeLineProps = {
  deckId: string;
  /** The version shown on the deck page; its report is read (the Report tab reads the same one). */
  version: number;
  versionStatus: 'processing' | 'ready' | 'failed';
};

/**
 * The deck page header's line on type size: the report's own body-text check, read from the
 * same cached report as the Report tab, so the header never measures text another way or gives
 * other advice. Nothing is shown until the version has a report.
 */
export function TypeSizeLine({ deckId, version, versionStatus }: TypeSizeLineProps) {
  const { data } = useFounderDeckAnalysisQuery({ deckId, version }, { skip: versionStatus !== 'ready' });
  const check = data?.checks.find((item) => item.key === 'body_font_size');
  if (!check || typeof check.value !== 'number') return null;
  const target = analysisTargets.minBodyFontSize;
  // Dimmed text either way (orange text failed contrast); a warning icon marks small type.
  return (
    <Group gap={4} wrap="nowrap" data-testid="deck-font-sizes" data-passed={check.passed}>
      {check.passed ? null : (
        <IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" aria-hidden style={{ flex: 'none' }} />
      )}
      <Text fz="sm" c="dimmed">
        {check.passed
          ? `Body text ${check.value} pt or larger: reads at a glance.`
          : `Body text as small as ${check.value} pt, below the ${target} pt that reads at a glance.`}
      </Text>
    </Group>
  );
}
