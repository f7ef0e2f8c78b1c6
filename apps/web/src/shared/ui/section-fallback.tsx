import { Center, Loader } from '@mantine/core';

/** Spinner inside a signed-in frame while a page's chunk arrives; the frame stays put. */
export function SectionFallback() {
  return (
    <Center py={64}>
      <Loader aria-label="Loading" />
    </Center>
  );
}
