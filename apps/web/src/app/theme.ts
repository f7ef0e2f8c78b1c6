import {
  Anchor,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  Loader,
  Notification,
} from '@mantine/core';

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
    // A spinner says what it waits for (its aria-label) as a status: a label on a bare span is
    // an ARIA attribute its role does not allow, and screen readers skip it.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // Every toast: a close button that says what it does, and the message in the theme's dimmed
    // text (Mantine greys a titled toast's text to gray.6, 3.3:1; dimmed reaches AA).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
  },
});

const { teal, yellow } = DEFAULT_THEME.colors;

/**
 * Light-scheme colours darkened to reach WCAG AA (4.5:1 for body text), which some Mantine
 * defaults miss: dimmed text (gray.6) is 3.3:1 on white, a yellow light badge (yellow.9 on
 * yellow.1) 2.7:1, a teal one 4.3:1, white on a filled teal button 3.1:1, on filled red 3.8:1. The axe check in
 * e2e/tests/accessibility.spec.ts holds these. Dark scheme keeps Mantine's values.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-yellow-light-color': darken(yellow[9], 0.3),
    '--mantine-color-teal-light-color': darken(teal[9], 0.1),
    '--mantine-color-teal-filled': 'var(--mantine-color-teal-9)',
    '--mantine-color-teal-filled-hover': darken(teal[9], 0.1),
    // White on red.6 is 3.8:1; red.8 reaches 5.7:1 for "Delete deck" and other filled red buttons.
    '--mantine-color-red-filled': 'var(--mantine-color-red-8)',
    '--mantine-color-red-filled-hover': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
