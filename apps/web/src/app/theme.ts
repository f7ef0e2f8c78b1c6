import {
  Anchor,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  Drawer,
  darken,
  Loader,
  Modal,
  Notification,
} from '@mantine/core';

const { orange, teal, yellow } = DEFAULT_THEME.colors;

/**
 * Mantine's darkest orange is text on orange tints and white's background on "Missing" badges, and
 * reaches neither: 3.6:1 on orange.1, 4.0:1 on orange.0, white on it 4.3:1. A deeper shade 9
 * reaches 4.8, 5.2 and 5.7; every orange text and avatar takes it from the palette.
 */
const accessibleOrange = [...orange.slice(0, 9), darken(orange[9], 0.15)] as unknown as typeof orange;

/**
 * Pitchlane's look: indigo as the brand color, system fonts (no web fonts: the product runs
 * offline-capable behind a firewall, see FIELD-NOTES), soft radii.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  colors: { orange: accessibleOrange },
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
    // A dialog's header is not the page's banner: with the app's own header, two banners leave a
    // screen reader's landmark list with two "banner" entries and no way to tell them apart.
    DrawerHeader: Drawer.Header.extend({ defaultProps: { role: 'none' } }),
    // Every dialog's ✕ says what it does; a dialog that names what it closes passes its own.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    ModalHeader: Modal.Header.extend({ defaultProps: { role: 'none' } }),
    // Every toast: a close button that says what it does, and the message in the theme's dimmed
    // text (Mantine greys a titled toast's text to gray.6, 3.3:1; dimmed reaches AA).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
  },
});

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
    // An orange light badge or avatar: its text in the deeper shade 9 (4.8:1 on its tint).
    '--mantine-color-orange-light-color': 'var(--mantine-color-orange-9)',
    '--mantine-color-teal-filled': 'var(--mantine-color-teal-9)',
    '--mantine-color-teal-filled-hover': darken(teal[9], 0.1),
    // White on red.6 is 3.8:1; red.8 reaches 5.7:1 for "Delete deck" and other filled red buttons.
    '--mantine-color-red-filled': 'var(--mantine-color-red-8)',
    '--mantine-color-red-filled-hover': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
