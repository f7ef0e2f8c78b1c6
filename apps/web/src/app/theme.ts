import { Anchor, createTheme } from '@mantine/core';

/**
 * Pitchlane's look: indigo as the brand color, system fonts (no web fonts: the product runs
 * offline-capable behind a firewall, see FIELD-NOTES), soft radii.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '700',
  },
  cursorType: 'pointer',
  components: {
    // Links sit inside sentences: take the sentence's size instead of jumping to the base size.
    Anchor: Anchor.extend({ defaultProps: { inherit: true } }),
  },
});
