import { useCallback, useEffect, useRef } from 'react';
import { type Blocker, type BlockerFunction, useBlocker } from 'react-router';

export type LeaveWarning = {
  /** 'blocked' while the person is being asked; proceed() leaves, reset() stays. */
  blocker: Blocker;
  /**
   * Lets the next navigation through without asking, at once (a ref, not state): a page calls it
   * right before it navigates away on success, in the same tick as the navigation.
   */
  allowLeaving: () => void;
};

/**
 * Warns before work on the page is thrown away. Reload, close and typed addresses get the
 * browser's own "Leave site?" (beforeunload; browsers show no custom text); links, Back and
 * navigate() inside the app are held by react-router's blocker (it needs the data router that
 * createBrowserRouter makes) until the page's modal answers.
 */
export function useLeaveWarning(hasUnsavedWork: boolean): LeaveWarning {
  const isActiveRef = useRef(hasUnsavedWork);
  isActiveRef.current = hasUnsavedWork;

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => isActiveRef.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!hasUnsavedWork) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chrome before 119 and Safari asked for returnValue to be set as well.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [hasUnsavedWork]);

  // The work went away while the person was being asked (the upload failed): nothing to lose.
  useEffect(() => {
    if (!hasUnsavedWork && blocker.state === 'blocked') blocker.proceed();
  }, [hasUnsavedWork, blocker]);

  const allowLeaving = useCallback(() => {
    isActiveRef.current = false;
  }, []);
  return { blocker, allowLeaving };
}
