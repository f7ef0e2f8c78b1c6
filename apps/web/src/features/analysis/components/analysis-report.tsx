import type { DeckAnalysis } from '@deckvalid/contract/analysis';
import { Alert, Grid, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { formatDateTime } from '@/shared/lib/format-date';
import { CheckList, RecommendationList } from './check-list';
import { FiguresTable } from './figures-table';
import type { PageHref } from './page-link';
import { ScoreSummary } from './score-summary';
import { SectionMap } from './section-map';

type AnalysisReportProps = {
  analysis: DeckAnalysis;
  /** The viewer at a page of the version this report describes. */
  pageHref: PageHref;
};

/**
 * The validation report of one deck version, as the investor's analysis page and the founder's
 * Report tab both show it. Wide screens: score beside the section map, figures, then checks beside
 * recommendations; phones: one column in that order.
 */
export function AnalysisReport({ analysis, pageHref }: AnalysisReportProps) {
  return (
    <Stack gap="lg" data-testid="analysis-report" data-version={analysis.version} data-has-text={analysis.hasText}>
      <Text fz="xs" c="dimmed">
        Version {analysis.version} · computed {formatDateTime(analysis.computedAt)} from the deck's own pages, with no
        outside data.
      </Text>
      {analysis.hasText ? null : (
        <Alert
          color="yellow"
          variant="light"
          radius="lg"
          icon={<IconPhotoOff aria-hidden />}
          title="This deck has no readable text"
          data-testid="analysis-image-only"
        >
          <Text fz="sm">
            Its slides are pictures only, so sections and figures could not be read from them. The score rests on what
            can still be checked, such as the number of slides. A deck exported with its text (not as images) gets a
            full report.
          </Text>
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <ScoreSummary score={analysis.score} breakdown={analysis.breakdown} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <SectionMap sections={analysis.sections} pageHref={pageHref} />
        </Grid.Col>
        <Grid.Col span={12}>
          <FiguresTable figures={analysis.figures} pageHref={pageHref} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <CheckList checks={analysis.checks} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <RecommendationList recommendations={analysis.recommendations} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
