import { describe, expect, it } from 'vitest';
import { createPageTimer } from './page-timer';

function setup(isVisible = true) {
  let time = 0;
  const reports: [number, number][] = [];
  const timer = createPageTimer({
    now: () => time,
    isVisible,
    report: (page, seconds) => reports.push([page, seconds]),
  });
  const advance = (ms: number) => {
    time += ms;
  };
  return { timer, reports, advance };
}

describe('createPageTimer', () => {
  it('reports the time of a page when the page changes', () => {
    const { timer, reports, advance } = setup();
    timer.setPage(1);
    advance(3_000);
    timer.setPage(2);
    advance(1_500);
    timer.setPage(3);
    expect(reports).toEqual([
      [1, 3],
      [2, 1.5],
    ]);
  });

  it('counts nothing before the first page', () => {
    const { timer, reports, advance } = setup();
    advance(10_000);
    timer.flush();
    timer.setPage(1);
    timer.flush();
    expect(reports).toEqual([]);
  });

  it('flush reports the running page and starts counting again from zero', () => {
    const { timer, reports, advance } = setup();
    timer.setPage(4);
    advance(5_000);
    timer.flush();
    advance(2_000);
    timer.flush();
    timer.flush();
    expect(reports).toEqual([
      [4, 5],
      [4, 2],
    ]);
  });

  it('does not count time while the tab is hidden, and reports when it hides', () => {
    const { timer, reports, advance } = setup();
    timer.setPage(1);
    advance(2_000);
    timer.setVisible(false);
    expect(reports).toEqual([[1, 2]]);
    advance(60_000);
    timer.flush();
    timer.setVisible(true);
    advance(1_000);
    timer.flush();
    expect(reports).toEqual([
      [1, 2],
      [1, 1],
    ]);
  });

  it('starts paused when the document starts hidden', () => {
    const { timer, reports, advance } = setup(false);
    timer.setPage(1);
    advance(5_000);
    timer.setPage(2);
    timer.setVisible(true);
    advance(1_000);
    timer.stop();
    expect(reports).toEqual([[2, 1]]);
  });

  it('a page change while hidden reports nothing for the hidden stretch', () => {
    const { timer, reports, advance } = setup();
    timer.setPage(1);
    advance(1_000);
    timer.setVisible(false);
    timer.setPage(2);
    advance(9_000);
    timer.setVisible(true);
    advance(500);
    timer.setPage(3);
    expect(reports).toEqual([
      [1, 1],
      [2, 0.5],
    ]);
  });

  it('setting the same page again changes nothing', () => {
    const { timer, reports, advance } = setup();
    timer.setPage(1);
    advance(1_000);
    timer.setPage(1);
    advance(1_000);
    timer.setPage(2);
    expect(reports).toEqual([[1, 2]]);
  });

  it('stop reports what is left once and ignores everything after', () => {
    const { timer, reports, advance } = setup();
    timer.setPage(2);
    advance(750);
    timer.stop();
    advance(5_000);
    timer.stop();
    timer.flush();
    timer.setPage(3);
    timer.setVisible(false);
    expect(reports).toEqual([[2, 0.75]]);
  });

  it('ignores a clock that goes backwards', () => {
    const { timer, reports, advance } = setup();
    timer.setPage(1);
    advance(-1_000);
    timer.flush();
    advance(3_000);
    timer.flush();
    // The backwards step counts as zero and restarts the stretch; it never reports negative time.
    expect(reports).toEqual([[1, 3]]);
  });
});
