// Whether a dialog or sheet is open on the page (Radix marks it data-state="open"): toasts then
// move out of its way. At the bottom, where a thumb reaches them, an error toast covered a
// dialog's Create button for four seconds and took the tap meant for it.
import { useSyncExternalStore } from "react";

const openDialog = () => document.querySelector('[role="dialog"][data-state="open"]') !== null;

function subscribe(changed: () => void) {
  const observer = new MutationObserver(changed);
  observer.observe(document.body, { subtree: true, childList: true, attributeFilter: ["data-state"] });
  return () => observer.disconnect();
}

export function useDialogOpen(): boolean {
  return useSyncExternalStore(subscribe, openDialog, () => false);
}
