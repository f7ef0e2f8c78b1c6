import { Box, Group, VisuallyHidden } from '@mantine/core';
import { formatSeconds, heatCellsOf } from '../link-format';

type LinkHeatStripProps = {
  pages: readonly { page: number; seconds: number }[];
  pageCount: number | null;
};

/**
 * Time per page as a row of small cells, one per page, whose colour deepens with the seconds
 * spent on it (the longest-read page darkest). Each cell names its page and time for screen
 * readers and as a tooltip; unread pages stay pale.
 */
export function LinkHeatStrip({ pages, pageCount }: LinkHeatStripProps) {
  const cells = heatCellsOf(pages, pageCount);
  if (cells.length === 0) return null;
  return (
    <Group
      component="ul"
      gap={3}
      wrap="wrap"
      aria-label="Time per page"
      data-testid="link-heat-strip"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {cells.map((cell) => {
        const label = `Page ${cell.page}: ${cell.seconds > 0 ? formatSeconds(cell.seconds) : 'not read'}`;
        return (
          <Box
            component="li"
            key={cell.page}
            title={label}
            data-page={cell.page}
            data-seconds={Math.round(cell.seconds)}
            w={18}
            h={24}
            style={{
              borderRadius: 3,
              border: '1px solid var(--mantine-color-indigo-2)',
              // At least a tint for any time read, so a short glance still shows.
              background:
                cell.seconds > 0
                  ? `color-mix(in srgb, var(--mantine-color-indigo-7) ${Math.round(15 + cell.depth * 85)}%, white)`
                  : 'var(--mantine-color-gray-0)',
            }}
          >
            <VisuallyHidden>{label}</VisuallyHidden>
          </Box>
        );
      })}
    </Group>
  );
}
