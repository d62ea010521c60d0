import { useEffect, type RefObject } from 'react';

/**
 * Opens a native <dialog> as a modal for as long as the component is mounted: showModal() traps
 * focus and makes the page behind it inert; on unmount it closes and focus goes back to where it
 * was (the button that opened it).
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>) {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = document.activeElement;
    // jsdom lacks showModal; an open non-modal dialog is the closest stand-in there.
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (returnTo instanceof HTMLElement && returnTo.isConnected) returnTo.focus();
    };
  }, [ref]);
}
