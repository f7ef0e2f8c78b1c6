import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { isApplePlatform, isShortcutsKey, shortcutsOf } from '../palette-model';

/**
 * The keyboard shortcuts list, opened with "?" anywhere but a text field (where "?" is typed).
 * Listens on the window so it works whichever part of the page has focus.
 */
export function KeyboardShortcuts() {
  const [isOpen, setIsOpen] = useState(false);
  const isPhone = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isShortcutsKey(event)) return;
      event.preventDefault();
      setIsOpen(true);
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
  const shortcuts = shortcutsOf(isApplePlatform(navigator.platform));
  return (
    <Modal opened={isOpen} onClose={() => setIsOpen(false)} title="Keyboard shortcuts" fullScreen={isPhone} size="md">
      <Table verticalSpacing="sm" aria-label="Keyboard shortcuts" data-testid="shortcuts-list">
        <Table.Tbody>
          {shortcuts.map((shortcut) => (
            <Table.Tr key={shortcut.action}>
              <Table.Td w={120}>
                <Group gap={4} wrap="nowrap">
                  {shortcut.keys.map((key) => (
                    <Kbd key={key}>{key}</Kbd>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{shortcut.action}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
