import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeckViewer } from './deck-viewer';
import { DeckViewerReader } from './deck-viewer-reader';

// pdf.js needs canvas and DOMMatrix, which jsdom lacks: a stand-in document of five pages that
// loads at once lets these tests drive the viewer's own logic.
vi.mock('react-pdf', async () => {
  const { useEffect } = await import('react');
  type DocumentProps = { children: ReactNode; onLoadSuccess?: (pdf: { numPages: number }) => void };
  type PageProps = { pageNumber: number; width?: number; onRenderSuccess?: () => void };
  return {
    Document: ({ children, onLoadSuccess }: DocumentProps) => {
      useEffect(() => onLoadSuccess?.({ numPages: 5 }), [onLoadSuccess]);
      return <div>{children}</div>;
    },
    Page: ({ pageNumber, width, onRenderSuccess }: PageProps) => {
      useEffect(() => onRenderSuccess?.(), [onRenderSuccess]);
      return <div data-testid="pdf-page" data-width={width}>{`page ${pageNumber}`}</div>;
    },
  };
});
vi.mock('./pdf-setup', () => ({ getPdfOptions: () => ({}) }));

const wrap = (node: ReactNode) => render(<MantineProvider>{node}</MantineProvider>);
const viewer = () => screen.getByTestId('deck-viewer');
const indicator = () => screen.getByTestId('deck-viewer-page-indicator').textContent;

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('DeckViewer', () => {
  it('loads the reader lazily and shows page 1 of the document', async () => {
    wrap(<DeckViewer fileUrl="/deck.pdf" title="Acme seed deck" />);
    await waitFor(() => expect(indicator()).toBe('Page 1 / 5'), { timeout: 5_000 });
    expect(viewer().getAttribute('data-page')).toBe('1');
    expect(viewer().getAttribute('data-page-count')).toBe('5');
    expect(screen.getByRole('region', { name: 'Deck viewer: Acme seed deck' })).toBeTruthy();
  });
});

describe('DeckViewerReader', () => {
  it('opens at the page a link asks for, clamped to the deck, and turns to a page asked for later', () => {
    const { rerender } = wrap(<DeckViewerReader fileUrl="/deck.pdf" title="Deck" initialPage={4} pageRequestKey="a" />);
    expect(indicator()).toBe('Page 4 / 5');
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(viewer().getAttribute('data-page')).toBe('3');
    // The same link followed again (a new navigation) turns back to its page.
    rerender(
      <MantineProvider>
        <DeckViewerReader fileUrl="/deck.pdf" title="Deck" initialPage={4} pageRequestKey="b" />
      </MantineProvider>,
    );
    expect(viewer().getAttribute('data-page')).toBe('4');
    rerender(
      <MantineProvider>
        <DeckViewerReader fileUrl="/deck.pdf" title="Deck" initialPage={40} pageRequestKey="c" />
      </MantineProvider>,
    );
    expect(viewer().getAttribute('data-page')).toBe('5');
  });

  it('pages with the keyboard anywhere on the page and with the buttons', () => {
    wrap(<DeckViewerReader fileUrl="/deck.pdf" title="Deck" />);
    expect(viewer().getAttribute('data-page')).toBe('1');
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);

    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(viewer().getAttribute('data-page')).toBe('2');
    fireEvent.keyDown(document.body, { key: 'PageDown' });
    expect(viewer().getAttribute('data-page')).toBe('3');
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.body, { key: 'PageUp' });
    expect(viewer().getAttribute('data-page')).toBe('1');
    fireEvent.keyDown(document.body, { key: 'End' });
    expect(indicator()).toBe('Page 5 / 5');
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(viewer().getAttribute('data-page')).toBe('5');

    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(viewer().getAttribute('data-page')).toBe('4');
    // Phones (jsdom answers every media query with "no") start with the thumbnails closed.
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show page thumbnails' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(viewer().getAttribute('data-page')).toBe('2');
  });

  it('zooms in and out and back to the width', () => {
    wrap(<DeckViewerReader fileUrl="/deck.pdf" title="Deck" />);
    expect(screen.getByLabelText('Zoom 100 percent')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByLabelText('Zoom 125 percent')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(screen.getByLabelText('Zoom 75 percent')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fit page' }));
    expect(screen.getByLabelText('Zoom 100 percent')).toBeTruthy();
  });

  it('offers full screen only where the browser allows it', () => {
    const { unmount } = wrap(<DeckViewerReader fileUrl="/deck.pdf" title="Deck" />);
    expect(screen.queryByRole('button', { name: 'Full screen' })).toBeNull();
    unmount();
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    wrap(<DeckViewerReader fileUrl="/deck.pdf" title="Deck" />);
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeTruthy();
    Reflect.deleteProperty(document, 'fullscreenEnabled');
  });

  it('reports reading time per page, only while the tab is visible', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance'] });
    const reports: [number, number][] = [];
    const { unmount } = wrap(
      <DeckViewerReader
        fileUrl="/deck.pdf"
        title="Deck"
        onPageTime={(page, seconds) => reports.push([page, seconds])}
      />,
    );

    act(() => vi.advanceTimersByTime(2_000));
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(reports).toEqual([[1, 2]]);

    // The periodic flush (every 5 s from the start) reports a long look at one page in slices.
    act(() => vi.advanceTimersByTime(3_000));
    act(() => vi.advanceTimersByTime(5_000));
    expect(reports).toEqual([
      [1, 2],
      [2, 3],
      [2, 5],
    ]);

    act(() => vi.advanceTimersByTime(1_000));
    visibility = 'hidden';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(reports.at(-1)).toEqual([2, 1]);
    act(() => vi.advanceTimersByTime(30_000));
    expect(reports).toHaveLength(4);

    visibility = 'visible';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    act(() => vi.advanceTimersByTime(500));
    unmount();
    expect(reports.at(-1)).toEqual([2, 0.5]);
    expect(reports).toHaveLength(5);
  });
});
