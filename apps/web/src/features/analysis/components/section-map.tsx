import type { AnalysisSection } from '@deckvalid/contract/analysis';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashedX } from '@tabler/icons-react';
import { type PageHref, PageLink } from './page-link';

/**
 * The twelve parts of the outline in order: a found one links to the pages that tell it, a
 * missing one says "Missing" in words and with its own icon, not by colour alone.
 */
export function SectionMap({ sections, pageHref }: { sections: AnalysisSection[]; pageHref: PageHref }) {
  const foundCount = sections.filter((section) => section.found).length;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} h="100%" data-testid="analysis-sections">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} fz="lg">
            Sections
          </Title>
          <Text fz="sm" c="dimmed">
            {foundCount} of {sections.length} found
          </Text>
        </Group>
        <SimpleGrid
          cols={{ base: 1, xs: 2 }}
          spacing="xs"
          verticalSpacing="xs"
          component="ol"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {sections.map((section, index) => (
            <Group
              key={section.key}
              component="li"
              gap="xs"
              wrap="nowrap"
              align="flex-start"
              px="sm"
              py={8}
              data-testid="analysis-section"
              data-section={section.key}
              data-found={section.found}
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                background: section.found ? 'var(--mantine-color-gray-0)' : 'var(--mantine-color-orange-0)',
                border: `1px ${section.found ? 'solid var(--mantine-color-gray-2)' : 'dashed var(--mantine-color-orange-4)'}`,
              }}
            >
              {section.found ? (
                <IconCircleCheckFilled
                  size={20}
                  color="var(--mantine-color-teal-6)"
                  aria-hidden
                  style={{ flexShrink: 0 }}
                />
              ) : (
                <IconCircleDashedX
                  size={20}
                  color="var(--mantine-color-orange-7)"
                  aria-hidden
                  style={{ flexShrink: 0 }}
                />
              )}
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Group gap={6} wrap="nowrap" justify="space-between">
                  <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    <Text span c="dimmed" fz="xs" fw={500} mr={4}>
                      {index + 1}.
                    </Text>
                    {section.label}
                  </Text>
                  {section.found ? null : (
                    <Badge size="sm" color="orange.9" variant="filled" tt="none" style={{ flexShrink: 0 }}>
                      Missing
                    </Badge>
                  )}
                </Group>
                {section.found ? (
                  <Group gap={8} wrap="wrap">
                    {section.pages.map((page) => (
                      <PageLink key={page} page={page} pageHref={pageHref} context={section.label} />
                    ))}
                  </Group>
                ) : (
                  <Text fz="xs" c="orange.9">
                    Not found in this deck
                  </Text>
                )}
              </Stack>
            </Group>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
