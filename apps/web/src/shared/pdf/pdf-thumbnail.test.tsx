import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { PdfThumbnail } from './pdf-thumbnail';

// pdf.js cannot run in jsdom (no canvas): a page that says it was drawn stands in for it.
vi.mock('react-pdf', () => ({
  Document: ({ children }: { children: ReactNode }) => <div data-testid="pdf-document">{children}</div>,
  Page: () => <div>drawn from the PDF</div>,
}));
vi.mock('./pdf-setup', () => ({ getPdfOptions: () => ({}) }));

function renderThumbnail(imageUrl: string | null) {
  render(
    <AppProviders store={createAppStore()}>
      <PdfThumbnail fileUrl="/files/deck.pdf" imageUrl={imageUrl} width={320} />
    </AppProviders>,
  );
  return screen.getByTestId('pdf-thumbnail');
}

describe('PdfThumbnail', () => {
  it('shows the server’s picture of page 1 without loading the PDF', async () => {
    const frame = renderThumbnail('/files/page-1.webp');
    const picture = frame.querySelector('img');
    expect(picture?.getAttribute('src')).toBe('/files/page-1.webp');
    expect(frame.dataset.status).toBe('loading');
    if (picture) fireEvent.load(picture);
    await waitFor(() => expect(frame.dataset.status).toBe('ready'));
    expect(screen.queryByTestId('pdf-document')).toBeNull();
  });

  it('draws the PDF when the picture cannot be loaded', async () => {
    const frame = renderThumbnail('/files/gone.webp');
    const picture = frame.querySelector('img');
    if (picture) fireEvent.error(picture);
    expect(await screen.findByTestId('pdf-document')).toBeTruthy();
    expect(frame.querySelector('img')).toBeNull();
  });
});
